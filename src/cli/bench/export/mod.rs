//! Ways to show a [`Report`](super::Report): the terminal table
//! ([`text`]), Markdown ([`markdown`]), JSON ([`json`]) and an SVG chart
//! ([`plot`]). [`table`] is the table model the first two share.

pub mod json;
pub mod markdown;
pub mod plot;
pub mod table;
pub mod text;
