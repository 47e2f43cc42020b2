//! Writing what a command makes, never over what the user owns: a file or a
//! folder is replaced only when urlbnf wrote it (a mark it leaves), when it is
//! empty, or when the caller forces it; never when it is one of the run's own
//! inputs. The check comes before any work ([`claim_file`], [`claim_folder`]);
//! the writing goes to a new file or folder beside the target, renamed into
//! place when complete, so an interrupted run leaves the earlier one whole,
//! and nothing is written through a link planted in a folder urlbnf replaces.

use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// The file that marks a folder as a book urlbnf wrote: only such a folder (or
/// an empty one) is replaced without `force`.
pub const BOOK_MARK: &str = ".urlbnf-book";

/// How far into an existing file its mark is looked for.
const MARK_WITHIN: u64 = 4096;

/// A refusal, with what to do instead.
fn refuse(path: &Path, reason: &str) -> Error {
    Error::Refused {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// An output file of a run: what it is, how urlbnf marks it, and the files
/// the run reads, which it must never be.
#[derive(Clone, Debug, Default)]
pub struct Output<'a> {
    /// The flag that names it, for messages (`--html`).
    pub flag: &'a str,
    /// What urlbnf writes there, for messages (`an HTML report`).
    pub what: &'a str,
    /// What urlbnf writes near the start of every such file.
    pub mark: &'a str,
    /// The input files named (`-` is standard input).
    pub files: &'a [PathBuf],
    /// Whether standard input is read (compared by what it is connected to).
    pub stdin: bool,
}

/// A file's identity: its device and inode where the system has them.
#[cfg(unix)]
fn identity(meta: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(_: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// What standard input is connected to, when it is a file.
fn stdin_metadata() -> Option<fs::Metadata> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
        fs::File::from(fd).metadata().ok()
    }
    #[cfg(not(unix))]
    None
}

/// Whether `output` (its metadata if it exists) is one of `inputs`; the input
/// it is, for the message.
fn input_named(output: &Path, meta: Option<&fs::Metadata>, inputs: &Output<'_>) -> Option<String> {
    let same = |other: &fs::Metadata| {
        meta.and_then(identity)
            .is_some_and(|id| identity(other) == Some(id))
    };
    let absolute = |p: &Path| std::path::absolute(p).ok();
    for file in inputs.files.iter().filter(|f| f.as_os_str() != "-") {
        let by_identity = fs::metadata(file).is_ok_and(|m| same(&m));
        let by_name = absolute(file).is_some() && absolute(file) == absolute(output);
        if by_identity || by_name {
            return Some(format!("the input file {}", file.display()));
        }
    }
    if inputs.stdin && stdin_metadata().is_some_and(|m| m.is_file() && same(&m)) {
        return Some("standard input (it is redirected from that file)".into());
    }
    None
}

/// A file checked for writing: [`FileClaim::write`] puts the contents there.
#[derive(Debug)]
pub struct FileClaim {
    /// The path as given, for messages.
    shown: PathBuf,
    /// Where the contents go: the real path of a regular file (links
    /// followed), or a device or pipe written in place.
    target: PathBuf,
    /// A device, pipe or socket: written through, never replaced.
    special: bool,
}

/// Check that `path` may receive `output`: not one of its run's inputs, and
/// missing, empty, a device or pipe (`/dev/stdout`), or a file holding its
/// mark near the start (urlbnf's own earlier output); with `force`, any file
/// but an input. Nothing is written yet.
pub fn claim_file(path: &Path, output: &Output<'_>, force: bool) -> Result<FileClaim, Error> {
    let inputs = output;
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io(path, &e)),
    };
    if let Some(input) = input_named(path, meta.as_ref(), inputs) {
        return Err(refuse(
            path,
            &format!(
                "{} would be written over {input}, destroying it: give {} another file",
                output.what, output.flag
            ),
        ));
    }
    let Some(meta) = meta else {
        let target = std::path::absolute(path).map_err(|e| Error::io(path, &e))?;
        return Ok(FileClaim {
            shown: path.to_path_buf(),
            target,
            special: false,
        });
    };
    if meta.is_dir() {
        return Err(refuse(path, "is a folder; give a file's name"));
    }
    if !meta.is_file() {
        return Ok(FileClaim {
            shown: path.to_path_buf(),
            target: path.to_path_buf(),
            special: true,
        });
    }
    let target = fs::canonicalize(path).map_err(|e| Error::io(path, &e))?;
    if !force && meta.len() > 0 && !holds_mark(&target, output.mark)? {
        let mut reason = format!(
            "exists and is not {} urlbnf wrote: give {} another file, or add --force to replace it",
            output.what, output.flag
        );
        if output.files.is_empty() {
            // `--html modern.txt` with the corpus meant as the input.
            reason.push_str(&format!(
                " (to read it as the input, name the output first: {} OUT {})",
                output.flag,
                path.display()
            ));
        }
        return Err(refuse(path, &reason));
    }
    Ok(FileClaim {
        shown: path.to_path_buf(),
        target,
        special: false,
    })
}

/// Whether the file starts with `mark` within its first few kilobytes.
fn holds_mark(path: &Path, mark: &str) -> Result<bool, Error> {
    let mut head = Vec::new();
    fs::File::open(path)
        .and_then(|f| f.take(MARK_WITHIN).read_to_end(&mut head))
        .map_err(|e| Error::io(path, &e))?;
    Ok(head.windows(mark.len()).any(|w| w == mark.as_bytes()))
}

impl FileClaim {
    /// Write `contents`: into a new file beside the target, renamed over it
    /// when complete (a device or pipe is written directly).
    pub fn write(&self, contents: &[u8]) -> Result<(), Error> {
        if self.special {
            return fs::OpenOptions::new()
                .write(true)
                .open(&self.target)
                .and_then(|mut f| f.write_all(contents))
                .map_err(|e| Error::io(&self.shown, &e));
        }
        let (Some(name), Some(parent)) = (self.target.file_name(), self.target.parent()) else {
            return Err(refuse(&self.shown, "names no file"));
        };
        let mut hidden = std::ffi::OsString::from(".");
        hidden.push(name);
        hidden.push(format!(".urlbnf-new-{}", std::process::id()));
        let new = parent.join(hidden);
        let written = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&new)
            .and_then(|mut f| f.write_all(contents).and_then(|()| f.sync_all()))
            .and_then(|()| fs::rename(&new, &self.target));
        written.map_err(|e| {
            let _ = fs::remove_file(&new);
            Error::io(&self.shown, &e)
        })
    }
}

/// A folder checked for a book: [`FolderClaim::write`] puts the files there.
#[derive(Debug)]
pub struct FolderClaim {
    out: PathBuf,
    force: bool,
}

/// Whether the folder `dir` is empty or holds a book urlbnf wrote.
fn replaceable(dir: &Path) -> Result<bool, Error> {
    let mut entries = fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    if entries.next().is_none() {
        return Ok(true);
    }
    let mark = dir.join(BOOK_MARK);
    Ok(fs::symlink_metadata(&mark).is_ok_and(|m| m.is_file()))
}

/// Check that the folder `out` may receive a book: missing, empty or an
/// earlier book; with `force`, any folder (not a link, not a file).
pub fn claim_folder(out: &Path, force: bool) -> Result<FolderClaim, Error> {
    // `.` or `a/..` name no folder to put a new one beside: use the real path.
    let out = match out.file_name() {
        Some(_) => out.to_path_buf(),
        None => fs::canonicalize(out).map_err(|e| Error::io(out, &e))?,
    };
    if out.file_name().is_none() || out.parent().is_none() {
        return Err(refuse(&out, "is not a folder a book can be written to"));
    }
    folder_state(&out, force)?;
    Ok(FolderClaim { out, force })
}

/// Whether a folder is at `out` to be replaced, or why none may be.
fn folder_state(out: &Path, force: bool) -> Result<bool, Error> {
    Ok(match fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(refuse(
                out,
                "is a symbolic link; give the folder it points to",
            ));
        }
        Ok(m) if !m.is_dir() => {
            return Err(refuse(
                out,
                "exists and is not a folder; give a folder's name",
            ));
        }
        Ok(_) if !force && !replaceable(out)? => {
            return Err(refuse(
                out,
                "holds files that are not a urlbnf book; choose another folder, or add --force \
                 to replace the folder and everything in it",
            ));
        }
        Ok(_) => true,
        Err(e) if e.kind() == ErrorKind::NotFound => false,
        Err(e) => return Err(Error::io(out, &e)),
    })
}

impl FolderClaim {
    /// Write `files` (name and contents) as the folder, replacing the earlier
    /// one there (checked again: the folder may have changed since the
    /// claim). The paths written, under the folder.
    pub fn write(&self, files: &[(String, String)]) -> Result<Vec<PathBuf>, Error> {
        let out = &self.out;
        let existing = folder_state(out, self.force)?;
        let (Some(name), Some(parent)) = (out.file_name(), out.parent()) else {
            return Err(refuse(out, "is not a folder a book can be written to"));
        };
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        if !existing {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
        }
        let id = std::process::id();
        let hidden = |what: &str| {
            let mut n = std::ffi::OsString::from(".");
            n.push(name);
            n.push(format!(".urlbnf-{what}-{id}"));
            parent.join(n)
        };
        let new = hidden("new");
        // Named by the folder asked for: the work folder is an implementation detail.
        fs::create_dir(&new).map_err(|e| Error::io(out, &e))?;
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
            if let Err(e) = fs::rename(out, &old) {
                let _ = fs::remove_dir_all(&new);
                return Err(Error::io(out, &e));
            }
            if let Err(e) = fs::rename(&new, out) {
                let _ = fs::rename(&old, out);
                let _ = fs::remove_dir_all(&new);
                return Err(Error::io(out, &e));
            }
            // remove_dir_all removes links, never what they point to.
            fs::remove_dir_all(&old).map_err(|e| Error::io(&old, &e))?;
        } else {
            fs::rename(&new, out).map_err(|e| {
                let _ = fs::remove_dir_all(&new);
                Error::io(out, &e)
            })?;
        }
        Ok(files.iter().map(|(file, _)| out.join(file)).collect())
    }
}
