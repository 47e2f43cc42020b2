//! Any value as the Rust expression that builds it, written from its
//! `Serialize`: how the build script writes each descriptor
//! (`descriptor.rs`) into the registry the library compiles, with no field
//! listed twice.

use std::fmt::Write as _;

use serde::{Serialize, ser};

/// A value as a Rust expression, from its `Serialize`: a struct as a struct
/// literal, a list as a slice (`&[..]`), a tuple as a tuple, an option as
/// `Some(..)` or `None`, a string as a string literal. What the library's
/// statics need; anything else (maps, floats, enums) is an error.
pub fn literal<T: Serialize>(value: &T) -> Result<String, String> {
    let mut out = Literal(String::new());
    value.serialize(&mut out).map_err(|e| e.0)?;
    Ok(out.0)
}

struct Literal(String);

/// What [`literal`] cannot write.
#[derive(Debug)]
struct Unwritable(String);

impl std::fmt::Display for Unwritable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unwritable {}

impl ser::Error for Unwritable {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Unwritable(msg.to_string())
    }
}

fn unwritable<T>(what: &str) -> Result<T, Unwritable> {
    Err(Unwritable(format!("a descriptor holds no {what}")))
}

/// A list, tuple or struct being written: its items so far, and how it ends.
struct Items<'a> {
    out: &'a mut Literal,
    first: bool,
    close: &'static str,
}

impl Items<'_> {
    fn item<T: Serialize + ?Sized>(
        &mut self,
        name: Option<&str>,
        value: &T,
    ) -> Result<(), Unwritable> {
        if !self.first {
            self.out.0.push_str(", ");
        }
        self.first = false;
        if let Some(name) = name {
            let _ = write!(self.out.0, "{name}: ");
        }
        value.serialize(&mut *self.out)
    }

    fn end(self) -> Result<(), Unwritable> {
        self.out.0.push_str(self.close);
        Ok(())
    }
}

impl Literal {
    fn open(&mut self, open: &str, close: &'static str) -> Items<'_> {
        self.0.push_str(open);
        Items {
            out: self,
            first: true,
            close,
        }
    }
}

impl<'a> ser::Serializer for &'a mut Literal {
    type Ok = ();
    type Error = Unwritable;
    type SerializeSeq = Items<'a>;
    type SerializeTuple = Items<'a>;
    type SerializeTupleStruct = Items<'a>;
    type SerializeTupleVariant = ser::Impossible<(), Unwritable>;
    type SerializeMap = ser::Impossible<(), Unwritable>;
    type SerializeStruct = Items<'a>;
    type SerializeStructVariant = ser::Impossible<(), Unwritable>;

    fn serialize_bool(self, v: bool) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{v}");
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Unwritable> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Unwritable> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Unwritable> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{v}");
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Unwritable> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Unwritable> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Unwritable> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{v}");
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Result<(), Unwritable> {
        unwritable("float")
    }
    fn serialize_f64(self, _: f64) -> Result<(), Unwritable> {
        unwritable("float")
    }
    fn serialize_char(self, v: char) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{v:?}");
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{v:?}");
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Unwritable> {
        unwritable("bytes")
    }
    fn serialize_none(self) -> Result<(), Unwritable> {
        self.0.push_str("None");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unwritable> {
        self.0.push_str("Some(");
        value.serialize(&mut *self)?;
        self.0.push(')');
        Ok(())
    }
    fn serialize_unit(self) -> Result<(), Unwritable> {
        self.0.push_str("()");
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Unwritable> {
        self.0.push_str(name);
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), Unwritable> {
        unwritable("enum")
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Unwritable> {
        let _ = write!(self.0, "{name}(");
        value.serialize(&mut *self)?;
        self.0.push(')');
        Ok(())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Unwritable> {
        unwritable("enum")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items<'a>, Unwritable> {
        Ok(self.open("&[", "]"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Items<'a>, Unwritable> {
        Ok(self.open("(", ")"))
    }
    fn serialize_tuple_struct(self, name: &'static str, _: usize) -> Result<Items<'a>, Unwritable> {
        Ok(self.open(&format!("{name}("), ")"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unwritable> {
        unwritable("enum")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unwritable> {
        unwritable("map")
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Items<'a>, Unwritable> {
        Ok(self.open(&format!("{name} {{ "), " }"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unwritable> {
        unwritable("enum")
    }
}

impl ser::SerializeSeq for Items<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        self.item(None, value)
    }
    fn end(self) -> Result<(), Unwritable> {
        Items::end(self)
    }
}

impl ser::SerializeTuple for Items<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        self.item(None, value)
    }
    fn end(self) -> Result<(), Unwritable> {
        Items::end(self)
    }
}

impl ser::SerializeTupleStruct for Items<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        self.item(None, value)
    }
    fn end(self) -> Result<(), Unwritable> {
        Items::end(self)
    }
}

impl ser::SerializeStruct for Items<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unwritable> {
        self.item(Some(key), value)
    }
    fn end(self) -> Result<(), Unwritable> {
        Items::end(self)
    }
}
