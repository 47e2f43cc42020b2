//! Arrow arrays in and out. In: any object with the Arrow PyCapsule
//! interface (`__arrow_c_array__`: pyarrow, polars, nanoarrow...), read in
//! place through the C Data Interface, no string copied. Out: pyarrow
//! arrays made from bitmaps.

use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::{Array, ArrayRef, make_array};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::types::{PyAnyMethods, PyBytes, PyCapsule, PyCapsuleMethods, PyList};
use pyo3::{Bound, PyAny, PyResult, Python};

/// Whether `obj` is an Arrow array (one chunk), or chunked (pyarrow's
/// `ChunkedArray`, whose chunks are arrays).
pub enum Kind {
    Array,
    Chunked,
    Other,
}

pub fn kind(obj: &Bound<'_, PyAny>) -> PyResult<Kind> {
    Ok(if obj.hasattr("__arrow_c_array__")? {
        Kind::Array
    } else if obj.hasattr("chunks")? && obj.hasattr("__arrow_c_stream__")? {
        Kind::Chunked
    } else {
        Kind::Other
    })
}

/// The array behind `obj`'s `__arrow_c_array__`, its buffers still the
/// exporter's (released when the last reference here is dropped).
pub fn import(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let pair = obj.call_method0("__arrow_c_array__")?;
    let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) = pair.extract()?;
    let schema = schema.pointer_checked(Some(c"arrow_schema"))?;
    let array = array.pointer_checked(Some(c"arrow_array"))?;
    // SAFETY: the Arrow PyCapsule interface names these capsules so that
    // their pointers are an ArrowSchema and an ArrowArray of the C Data
    // Interface. `from_raw` moves the array out and marks the capsule's copy
    // released (its destructor then does nothing); the schema is read while
    // its capsule, owned by `pair`, lives, and `from_ffi` copies what it needs.
    let data = unsafe {
        let array = FFI_ArrowArray::from_raw(array.as_ptr().cast::<FFI_ArrowArray>());
        let schema = &*schema.as_ptr().cast::<FFI_ArrowSchema>();
        from_ffi(array, schema)
    }
    .map_err(|e| PyTypeError::new_err(format!("not an Arrow array: {e}")))?;
    Ok(make_array(data))
}

/// Each value of a string array (UTF-8, large or view), `None` for a null;
/// any other type is refused.
pub fn strings(array: &ArrayRef) -> PyResult<Vec<Option<&str>>> {
    Ok(match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().collect(),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().collect(),
        DataType::Utf8View => array.as_string_view().iter().collect(),
        other => {
            return Err(PyTypeError::new_err(format!(
                "an array of strings is needed, not of {other}"
            )));
        }
    })
}

/// Bits, least significant first, as Arrow lays a bitmap out.
fn bitmap(bits: impl ExactSizeIterator<Item = bool>) -> Vec<u8> {
    let mut out = vec![0u8; bits.len().div_ceil(8)];
    for (i, bit) in bits.enumerate() {
        if let Some(byte) = out.get_mut(i / 8)
            && bit
        {
            *byte |= 1 << (i % 8);
        }
    }
    out
}

/// A pyarrow boolean array of `values`, null where `values` has `None`.
pub fn booleans<'py>(py: Python<'py>, values: &[Option<bool>]) -> PyResult<Bound<'py, PyAny>> {
    let pa = py.import("pyarrow")?;
    let nulls = values.iter().filter(|v| v.is_none()).count();
    let data = PyBytes::new(py, &bitmap(values.iter().map(|v| v.unwrap_or(false))));
    let validity = match nulls {
        0 => py.None().into_bound(py),
        _ => {
            let bits = bitmap(values.iter().map(Option::is_some));
            pa.call_method1("py_buffer", (PyBytes::new(py, &bits),))?
        }
    };
    let buffers = PyList::new(py, [validity, pa.call_method1("py_buffer", (data,))?])?;
    pa.getattr("Array")?.call_method1(
        "from_buffers",
        (pa.call_method0("bool_")?, values.len(), buffers, nulls),
    )
}

/// `chunks`, each a pyarrow array, as one pyarrow `ChunkedArray`.
pub fn chunked<'py>(
    py: Python<'py>,
    chunks: Vec<Bound<'py, PyAny>>,
    of: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let pa = py.import("pyarrow")?;
    let kind = pa.call_method0(of)?;
    pa.call_method1("chunked_array", (chunks, kind))
}
