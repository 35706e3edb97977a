//! Two hosts on one machine for MPI jobs: network namespaces `NAME-a` and `NAME-b`, each with one
//! interface (`eth0`, addresses of [`SUBNET`]) on a bridge that lives in a third namespace,
//! `NAME-bridge`. Nothing is added to the machine's own network stack, and deleting the three
//! namespaces removes every interface with them.
//!
//! `mpirun` runs on host a, which starts ranks there itself; it starts host b's Open MPI daemon
//! through its rsh launcher, an agent script that runs the command under `ip netns exec NAME-b`.
//! Both hosts share one kernel and one filesystem, so each has its own `TMPDIR` (Open MPI's
//! session directories would collide) and the daemons leave the hwloc topology unshared
//! (`--mca rtc ^hwloc`), and a rank that waits yields its core (`--mca mpi_yield_when_idle 1`;
//! the hostfile gives each host more slots than the machine has cores). Every byte between the hosts crosses the bridge: `--mca btl self,tcp`,
//! with the TCP transport and the daemons' out-of-band channel on [`SUBNET`] only.
//!
//! [`TwoHosts`] is a guard: dropping it (a test that panics included) kills what still runs in
//! its namespaces and deletes them with its folder. A run that could not drop it (killed) leaves
//! namespaces named after its process id; the next [`TwoHosts::create`] removes those whose process
//! is gone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The start of the name of every namespace and folder of a [`TwoHosts`]; the process id and a
/// count within the process follow.
const PREFIX: &str = "lattice-dp-two-hosts-";
/// The hosts' subnet; its addresses exist only inside the namespaces.
pub const SUBNET: &str = "10.213.0.0/24";
/// The longest an `mpirun` may run before it is stopped, in seconds.
const MPIRUN_TIMEOUT_S: &str = "120";

/// Each [`TwoHosts`] of this process has its own number.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// One of the two hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// Where `mpirun` runs.
    A,
    /// Reached through the rsh launcher.
    B,
}

impl Host {
    /// Both hosts.
    pub const BOTH: [Host; 2] = [Host::A, Host::B];

    /// The host's letter, the end of its namespace's name.
    pub fn letter(self) -> &'static str {
        match self {
            Host::A => "a",
            Host::B => "b",
        }
    }

    /// The host's address on [`SUBNET`], its name in the hostfile.
    pub fn address(self) -> &'static str {
        match self {
            Host::A => "10.213.0.1",
            Host::B => "10.213.0.2",
        }
    }
}

/// Two hosts made of network namespaces joined by a bridge, removed when dropped.
pub struct TwoHosts {
    /// `PREFIX` + process id + count: the namespaces are `NAME-a`, `NAME-b` and `NAME-bridge`.
    name: String,
    /// The hostfile, the agent script, each host's `TMPDIR` (`tmp-a`, `tmp-b`) and room for files
    /// both hosts see (the filesystem is shared).
    dir: PathBuf,
}

impl TwoHosts {
    /// Removes the namespaces of runs that are gone, then makes two hosts. Panics with the
    /// command that failed (without root, or without `ip`).
    pub fn create() -> TwoHosts {
        remove_stale();
        let name = format!("{PREFIX}{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let dir = std::env::temp_dir().join(&name);
        // From here on, dropping `hosts` removes whatever has been made.
        let hosts = TwoHosts { name, dir };
        let bridge = hosts.bridge_namespace();
        ip(&["netns", "add", &bridge]);
        ip(&["-n", &bridge, "link", "add", "br0", "type", "bridge"]);
        ip(&["-n", &bridge, "link", "set", "dev", "br0", "up"]);
        for host in Host::BOTH {
            let namespace = hosts.namespace(host);
            let port = &format!("port-{}", host.letter());
            ip(&["netns", "add", &namespace]);
            ip(&[
                "-n", &namespace, "link", "add", "eth0", "type", "veth", "peer", "name", port, "netns",
                &bridge,
            ]);
            ip(&["-n", &bridge, "link", "set", "dev", port, "master", "br0"]);
            ip(&["-n", &bridge, "link", "set", "dev", port, "up"]);
            ip(&["-n", &namespace, "addr", "add", &format!("{}/24", host.address()), "dev", "eth0"]);
            ip(&["-n", &namespace, "link", "set", "dev", "eth0", "up"]);
            ip(&["-n", &namespace, "link", "set", "dev", "lo", "up"]);
            std::fs::create_dir_all(hosts.tmpdir(host)).unwrap();
        }
        let hostfile: String = Host::BOTH.iter().map(|h| format!("{} slots=8\n", h.address())).collect();
        std::fs::write(hosts.hostfile(), hostfile).unwrap();
        hosts.write_agent();
        hosts
    }

    /// The name of `host`'s network namespace.
    pub fn namespace(&self, host: Host) -> String {
        format!("{}-{}", self.name, host.letter())
    }

    fn bridge_namespace(&self) -> String {
        format!("{}-bridge", self.name)
    }

    /// A folder that both hosts see (removed with the hosts).
    pub fn shared(&self) -> &Path {
        &self.dir
    }

    /// `host`'s `TMPDIR`.
    pub fn tmpdir(&self, host: Host) -> PathBuf {
        self.dir.join(format!("tmp-{}", host.letter()))
    }

    fn hostfile(&self) -> PathBuf {
        self.dir.join("hostfile")
    }

    fn agent(&self) -> PathBuf {
        self.dir.join("agent")
    }

    /// Writes Open MPI's rsh launcher: `agent HOST COMMAND...` runs COMMAND in HOST's namespace
    /// with HOST's `TMPDIR`.
    fn write_agent(&self) {
        let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
        let mut script = String::from(
            "#!/bin/sh\n# agent HOST COMMAND...: COMMAND on HOST\nhost=$1\nshift\ncase $host in\n",
        );
        for host in Host::BOTH {
            script += &format!(
                "  {}) exec ip netns exec {} env TMPDIR={} sh -c \"$*\" ;;\n",
                host.address(),
                quote(&self.namespace(host)),
                quote(self.tmpdir(host).to_str().unwrap()),
            );
        }
        script += "esac\necho \"agent: no host $host\" >&2\nexit 1\n";
        std::fs::write(self.agent(), script).unwrap();
        let chmod = Command::new("chmod").arg("+x").arg(self.agent()).status().unwrap();
        assert!(chmod.success(), "chmod +x {:?}", self.agent());
    }

    /// `mpirun` on host a, `ranks` ranks placed on the hosts in turn (a, b, a, …), running
    /// `program`; stopped after two minutes.
    pub fn mpirun(&self, ranks: usize, program: &[&str]) -> Command {
        let mut command = Command::new("timeout");
        command
            .args([
                "--kill-after=5",
                MPIRUN_TIMEOUT_S,
                "ip",
                "netns",
                "exec",
                &self.namespace(Host::A),
                "mpirun",
            ])
            .env("TMPDIR", self.tmpdir(Host::A))
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .arg("--hostfile")
            .arg(self.hostfile())
            .args(["--map-by", "node", "-np", &ranks.to_string()])
            .arg("--mca")
            .arg("plm_rsh_agent")
            .arg(self.agent())
            .args(["--mca", "btl", "self,tcp"])
            .args(["--mca", "btl_tcp_if_include", SUBNET, "--mca", "oob_tcp_if_include", SUBNET])
            .args(["--mca", "rtc", "^hwloc"])
            // The hosts share the machine's cores: a rank that waits yields its core.
            .args(["--mca", "mpi_yield_when_idle", "1"])
            .args(program);
        command
    }

    /// The processes in `host`'s namespace called `name` (as `/proc/PID/comm` has it).
    pub fn processes(&self, host: Host, name: &str) -> Vec<u32> {
        pids(&self.namespace(host))
            .into_iter()
            .filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim_end() == name)
            })
            .collect()
    }

    /// The bytes `host` has sent on its interface to the bridge.
    pub fn sent_bytes(&self, host: Host) -> u64 {
        let output = run(Command::new("ip").args([
            "netns",
            "exec",
            &self.namespace(host),
            "cat",
            "/sys/class/net/eth0/statistics/tx_bytes",
        ]));
        String::from_utf8_lossy(&output.stdout).trim().parse().unwrap()
    }
}

impl Drop for TwoHosts {
    fn drop(&mut self) {
        remove(&self.name);
    }
}

/// Removes the namespaces and folders of runs whose process is gone.
fn remove_stale() {
    let list = run(Command::new("ip").args(["netns", "list"]));
    let mut gone: Vec<String> = String::from_utf8_lossy(&list.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next()?.strip_prefix(PREFIX).map(str::to_owned))
        .filter(|rest| {
            let pid = rest.split('-').next().unwrap_or("");
            !pid.is_empty() && !Path::new("/proc").join(pid).exists()
        })
        .filter_map(|rest| Some(format!("{PREFIX}{}", rest.rsplit_once('-')?.0)))
        .collect();
    gone.sort();
    gone.dedup();
    for name in gone {
        eprintln!("removing the namespaces of an earlier run: {name}-*");
        remove(&name);
    }
}

/// Kills every process in the namespaces of `name`, deletes them and removes its folder; what
/// does not exist is passed over.
fn remove(name: &str) {
    for suffix in ["a", "b", "bridge"] {
        let namespace = format!("{name}-{suffix}");
        let pids: Vec<String> = pids(&namespace).iter().map(u32::to_string).collect();
        if !pids.is_empty() {
            let _ = Command::new("kill").arg("-KILL").args(&pids).output();
        }
        let _ = Command::new("ip").args(["netns", "delete", &namespace]).output();
    }
    let _ = std::fs::remove_dir_all(std::env::temp_dir().join(name));
}

/// The processes in `namespace` (none if it does not exist).
fn pids(namespace: &str) -> Vec<u32> {
    let Ok(output) = Command::new("ip").args(["netns", "pids", namespace]).output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&output.stdout).split_whitespace().filter_map(|p| p.parse().ok()).collect()
}

/// `ip ARGS`, which must succeed.
fn ip(args: &[&str]) {
    run(Command::new("ip").args(args));
}

/// Runs `command`, which must succeed; panics with its stderr otherwise.
fn run(command: &mut Command) -> Output {
    let output = command.output().unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(output.status.success(), "{command:?}: {}", String::from_utf8_lossy(&output.stderr));
    output
}
