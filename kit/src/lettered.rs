//! [`lettered_enum!`]: the small enums every variant writes (kinds of piece, rings), each value
//! with a letter and a name, declared once with their conversions.

/// Declares a field-less enum whose values each have a letter (as written in position texts
/// and move notation) and a name, and generates, in an `impl` of the enum:
///
/// - `ALL`, every value in declaration order, and `COUNT`;
/// - `index(self) -> usize`, the position in `ALL` (the discriminant: values are numbered
///   from 0 in declaration order);
/// - the letter method and the reader, under the names given after the enum's name (so that
///   each crate keeps its own API: `letter`/`from_letter`, `char`/`from_char`, …): the
///   letter exactly as written, and the value of a letter read in either case;
/// - `name(self) -> &'static str`.
///
/// Attributes (derives, serde) and doc comments pass through to the enum and its values.
///
/// ```
/// chimera_kit::lettered_enum! {
///     /// A ring of a stack.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Ring: letter, from_letter {
///         /// The smallest ring.
///         Tower = 'T', "tower";
///         /// The middle ring.
///         Fort = 'F', "fort";
///         /// The largest ring.
///         Wall = 'W', "wall";
///     }
/// }
///
/// assert_eq!(Ring::ALL, [Ring::Tower, Ring::Fort, Ring::Wall]);
/// assert_eq!(Ring::COUNT, 3);
/// assert_eq!(Ring::Wall.index(), 2);
/// assert_eq!(Ring::Fort.letter(), 'F');
/// assert_eq!(Ring::from_letter('f'), Some(Ring::Fort));
/// assert_eq!(Ring::from_letter('x'), None);
/// assert_eq!(Ring::Tower.name(), "tower");
/// ```
#[macro_export]
macro_rules! lettered_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $letter:ident, $from_letter:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $ch:literal, $text:literal; )+
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in index order.
            pub const ALL: [$name; $crate::lettered_enum!(@count $($variant)+)] =
                [$($name::$variant),+];

            /// The number of values.
            pub const COUNT: usize = $name::ALL.len();

            /// The position in `ALL`.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("The letter: ", $("`", $ch, "` ",)+ "in index order.")]
            #[inline]
            pub const fn $letter(self) -> char {
                match self {
                    $( $name::$variant => $ch, )+
                }
            }

            /// The value of a letter, read in either case.
            pub fn $from_letter(c: char) -> Option<$name> {
                let c = c.to_ascii_uppercase();
                $(
                    if c == ($ch as char).to_ascii_uppercase() {
                        return Some($name::$variant);
                    }
                )+
                None
            }

            #[doc = concat!("The name: ", $("`", $text, "` ",)+ "in index order.")]
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }
    };
    (@count) => { 0usize };
    (@count $head:ident $($tail:ident)*) => { 1usize + $crate::lettered_enum!(@count $($tail)*) };
}

#[cfg(test)]
mod tests {
    crate::lettered_enum! {
        /// Kinds with a lower-case letter, as chess's roles are written.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        pub(crate) enum Role: char, from_char {
            /// First.
            Pawn = 'p', "pawn";
            /// Second.
            Knight = 'n', "knight";
            /// Third.
            King = 'k', "king";
        }
    }

    #[test]
    fn values_are_numbered_in_declaration_order() {
        for (i, r) in Role::ALL.into_iter().enumerate() {
            assert_eq!(r.index(), i);
            assert_eq!(r as usize, i);
        }
        assert!(Role::Pawn < Role::King);
        assert_eq!(Role::COUNT, 3);
    }

    #[test]
    fn letters_are_written_as_given_and_read_in_either_case() {
        assert_eq!(Role::Knight.char(), 'n');
        for r in Role::ALL {
            assert_eq!(Role::from_char(r.char()), Some(r));
            assert_eq!(Role::from_char(r.char().to_ascii_uppercase()), Some(r));
        }
        assert_eq!(Role::from_char('q'), None);
        assert_eq!(Role::from_char('é'), None);
        assert_eq!(Role::King.name(), "king");
    }
}
