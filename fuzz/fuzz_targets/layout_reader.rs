#![no_main]
//! See `dlx_engine_fuzz::layout_reader` for the properties checked.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dlx_engine_fuzz::layout_reader(data);
});
