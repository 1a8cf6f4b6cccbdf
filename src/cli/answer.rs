//! Answers (filled in next).
