//! Writing the book: every file into a new folder beside the target, which is
//! then renamed into place. A failure part way leaves the earlier book (or
//! none), and no file is written through a link planted in the target: the
//! files are created, never opened, in a folder urlbnf has just made.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// The file that marks a folder as a book urlbnf wrote: only such a folder (or
/// an empty one) is replaced without `force`.
pub const MARK: &str = ".urlbnf-book";

/// An error about `path` that no system call reported.
fn refuse(path: &Path, kind: ErrorKind, message: &str) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        kind,
        message: message.to_string(),
    }
}

/// Whether the folder `dir` is empty or holds a book urlbnf wrote.
fn replaceable(dir: &Path) -> Result<bool, Error> {
    let mut entries = fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    if entries.next().is_none() {
        return Ok(true);
    }
    let mark = dir.join(MARK);
    Ok(fs::symlink_metadata(&mark).is_ok_and(|m| m.is_file()))
}

/// Write `files` (name and contents) as the folder `out`, replacing an earlier
/// book there; with `force`, replacing whatever folder is there. The paths
/// written, under `out`.
pub(super) fn write_folder(
    out: &Path,
    files: &[(String, String)],
    force: bool,
) -> Result<Vec<PathBuf>, Error> {
    // `.` or `a/..` name no folder to put a new one beside: use the real path.
    let out = match out.file_name() {
        Some(_) => out.to_path_buf(),
        None => fs::canonicalize(out).map_err(|e| Error::io(out, &e))?,
    };
    let (Some(name), Some(parent)) = (out.file_name(), out.parent()) else {
        return Err(refuse(
            &out,
            ErrorKind::InvalidInput,
            "not a folder a book can be written to",
        ));
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let existing = match fs::symlink_metadata(&out) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(refuse(
                &out,
                ErrorKind::AlreadyExists,
                "is a symbolic link; give the folder it points to",
            ));
        }
        Ok(m) if !m.is_dir() => {
            return Err(refuse(
                &out,
                ErrorKind::AlreadyExists,
                "exists and is not a folder",
            ));
        }
        Ok(_) if !force && !replaceable(&out)? => {
            return Err(refuse(
                &out,
                ErrorKind::AlreadyExists,
                "holds files that are not a urlbnf book; choose another folder, or add --force \
                 to replace the folder and everything in it",
            ));
        }
        Ok(_) => true,
        Err(e) if e.kind() == ErrorKind::NotFound => {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
            false
        }
        Err(e) => return Err(Error::io(&out, &e)),
    };
    let id = std::process::id();
    let hidden = |what: &str| {
        let mut n = std::ffi::OsString::from(".");
        n.push(name);
        n.push(format!(".urlbnf-{what}-{id}"));
        parent.join(n)
    };
    let new = hidden("new");
    // Named by the folder asked for: the work folder is an implementation detail.
    fs::create_dir(&new).map_err(|e| Error::io(&out, &e))?;
    let written = files.iter().try_for_each(|(file, text)| {
        let path = new.join(file);
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
            .map_err(|e| Error::io(&out.join(file), &e))
    });
    if let Err(e) = written {
        let _ = fs::remove_dir_all(&new);
        return Err(e);
    }
    if existing {
        // Two renames: between them `out` is missing, never half written.
        let old = hidden("old");
        if let Err(e) = fs::rename(&out, &old) {
            let _ = fs::remove_dir_all(&new);
            return Err(Error::io(&out, &e));
        }
        if let Err(e) = fs::rename(&new, &out) {
            let _ = fs::rename(&old, &out);
            let _ = fs::remove_dir_all(&new);
            return Err(Error::io(&out, &e));
        }
        // remove_dir_all removes links, never what they point to.
        fs::remove_dir_all(&old).map_err(|e| Error::io(&old, &e))?;
    } else {
        fs::rename(&new, &out).map_err(|e| {
            let _ = fs::remove_dir_all(&new);
            Error::io(&out, &e)
        })?;
    }
    Ok(files.iter().map(|(file, _)| out.join(file)).collect())
}
