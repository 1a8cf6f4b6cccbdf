//! What a benchmark ran on: CPU model, cores, build profile, compiler.

use dlx_engine::error::count_of;
use serde::Serialize;

/// Facts about the machine and the build, printed before the results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// CPU model from `/proc/cpuinfo` (`unknown` elsewhere).
    pub cpu_model: String,
    /// Logical CPUs available to this process.
    pub logical_cpus: usize,
    /// Worker threads the benchmark used.
    pub threads: usize,
    /// `release` or `debug` (from `cfg!(debug_assertions)`).
    pub profile: String,
    /// `rustc --version` of the compiler that built this crate (recorded
    /// by its build script), if it could be told.
    pub rustc: Option<String>,
    /// Operating system (`linux`, `macos`, ...).
    pub os: String,
    /// CPU architecture (`x86_64`, `aarch64`, ...).
    pub arch: String,
    /// This crate's version.
    pub dlx_version: String,
}

impl Machine {
    /// Looks at the machine this process runs on; `threads` is the number
    /// of worker threads the benchmark will use.
    pub fn detect(threads: usize) -> Machine {
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| cpu_model_from(&text))
            .unwrap_or_else(|| "unknown".to_string());
        // Not the `rustc` on `PATH` now: another toolchain may be there,
        // or none.
        let rustc = Some(env!("DLX_BUILD_RUSTC"))
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        Machine {
            cpu_model,
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            threads,
            profile: profile().to_string(),
            rustc,
            os: std::env::consts::OS.to_string(),
            arch: std::env::consts::ARCH.to_string(),
            dlx_version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// One line for people: `CPU (N logical CPUs), T threads used, PROFILE build, ...`.
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{} ({}), {} used, {} build, {} {}",
            self.cpu_model,
            count_of(self.logical_cpus as u64, "logical CPU"),
            count_of(self.threads as u64, "thread"),
            self.profile,
            self.os,
            self.arch
        );
        if let Some(rustc) = &self.rustc {
            s += ", ";
            s += rustc;
        }
        s
    }
}

/// `release` or `debug`.
pub fn profile() -> &'static str {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
}

/// The CPU model named in the text of `/proc/cpuinfo`: `model name` (x86),
/// else `Model`, `Hardware` or `cpu model` (ARM, MIPS, ...), else `uarch`
/// or `cpu` (RISC-V, POWER).
pub fn cpu_model_from(cpuinfo: &str) -> Option<String> {
    [
        "model name",
        "Model",
        "Hardware",
        "cpu model",
        "uarch",
        "cpu",
    ]
    .iter()
    .find_map(|key| {
        cpuinfo.lines().find_map(|line| {
            let (k, v) = line.split_once(':')?;
            (k.trim() == *key && !v.trim().is_empty()).then(|| squeeze(v.trim()))
        })
    })
}

/// Collapses runs of whitespace (some CPU names are padded).
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_models() {
        let x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R)   CPU @ 2.20GHz\n";
        assert_eq!(
            cpu_model_from(x86).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        let arm = "processor : 0\nBogoMIPS : 108.00\n\nHardware : BCM2835\nModel : Raspberry Pi 4 Model B\n";
        assert_eq!(
            cpu_model_from(arm).as_deref(),
            Some("Raspberry Pi 4 Model B")
        );
        assert_eq!(cpu_model_from("processor : 0\n"), None);
    }

    #[test]
    fn detect_fills_everything() {
        let m = Machine::detect(3);
        assert_eq!(m.threads, 3);
        assert!(m.logical_cpus >= 1);
        assert!(m.profile == "debug" || m.profile == "release");
        // The build script names the compiler; cargo always gives it one.
        assert!(m.rustc.as_deref().is_some_and(|r| r.starts_with("rustc ")));
        assert!(m.describe().contains(" thread used") || m.describe().contains(" threads used"));
    }
}
