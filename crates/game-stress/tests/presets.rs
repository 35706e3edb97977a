//! The benchmark presets are pinned byte for byte: each one's SHA-256 is the one recorded when the
//! presets moved here from xtask's own generators (`cargo xtask gen NAME | sha256sum` then), so
//! benchmark figures keep measuring the same inputs (the graphs in other formats and the weighted
//! graphs were recorded when they were added, from the release binary). `cargo xtask gen --help`
//! lists the same presets.

use std::process::Command;

use edmonds_blossom::{GraphFormat, Vertex, read_graph};
use game_stress::generate::Input;
use game_stress::generate::preset::{PRESETS, input, render};
use game_stress::reference::graph_file;

/// `(name, byte count, SHA-256)` of every preset, as `cargo xtask gen NAME` printed them before.
const RECORDED: &[(&str, usize, &str)] = &[
    ("pawn-open-16x16", 291, "cc888099d8cbcca94204ffe71739c9743a3522466b5d6c5a1a331c3943007193"),
    ("pawn-open-32x32", 1075, "ca05efde386a4297d503ddf5f0d6e5bc6d934f0794fa7b493f9562b472b1b3aa"),
    ("pawn-tie-32x32", 1074, "1cdc73f414ad4dcf016caef77a1a01c026157cc3a6abdc3671c225755e2e38bd"),
    ("lattice-10x10", 1993, "f9b5892828fe7430144be61f1d62999cfc9ddb21926412e41f2b9b9a60739308"),
    ("lattice-14x14", 3876, "d0a69f63e0eaa180987654c4d4efd8592d852aecbe7d35583c0bb930cc03723d"),
    ("lattice-16x16", 5068, "a2c1be6780c4d59beb9ed7822616cdf83382b9a42b2493ecbd628d685ad76a50"),
    ("lattice-18x18", 6398, "c72787627ab18954556e0a9de47ead249c942bd5b0d4f11026622b26233e4703"),
    ("lattice-18x18-t", 6398, "06f02ac8e31df8d9cc964de8174a73cc0d377a20a758938bdaffd2ecb593ef4d"),
    ("lattice-19x19", 7153, "d84bc8cfaf25becc647bad965f821d07cf1e9f4dee3bef068b9f20ce2dd0380a"),
    ("lattice-20x20", 7919, "a995aaa09b00eb0bef666da4d4678d64038501de49407127965913613de7d7d0"),
    ("lattice-21x21", 8712, "730684492aa585ba4edffc61a077ed04ee897bee1807d3c4f1cfdebb2df00644"),
    ("lattice-22x22", 9595, "195410b71f60a83e2c17c3837bd595cdf4c5f73e460ebc76c17af7c8359fd791"),
    ("lattice-10x30", 5948, "3b82f12371407161b8fb4f976dd286d8fedc04d2225330daad9d98e46a78740f"),
    ("lattice-10x30-t", 5948, "056e91051b3ee6c52bcebbfa8c5fe8b09d63ea0c5247fb82dc8db0f1e76477b6"),
    ("segment-5m", 93_404_972, "3080edf1dcbb321ae9aeb30f3312bf98ae1282f7ceaac1707ee2e6e5dffb312c"),
    ("sparse-100k", 3_533_036, "23894dd4886c61c6a248d9162a753800a36d900d0770635b724ebb1b0150d814"),
    ("sparse-1m", 41_331_452, "43f58583ad86d1fd9b295f678c0841e9c977328a921126915b583cc2c19e50a4"),
    ("grid-500", 7_685_217, "151afb94fb15222fd1e5f641d8621c8663be7d05d827206f1ac9ac3e1272a257"),
    ("dense-2000", 8_883_052, "9635178fb6b958cc69e38a3c958bfcf69602e18153d17db86333cba6ecc68da6"),
    ("grid-1000", 32_364_644, "8091bf648aa95734b50d8d37ee50fe5001192b00984d3b38f7625226ddf6a9aa"),
    ("rmat-20", 138_601_207, "cf9308eaa8e57737e0779f4a63b260f73ad9d6d16f831abaf268f8b4236780ed"),
    ("geometric-1m", 41_249_101, "020778940c333a88bf1bf11684b19897e312fe8b3a397b37726529cf77f9fef8"),
    ("planar-1m", 41_277_985, "6add00bec911ba91dfa06430ddb1d5155aebf719f46fc54261fde21929d33096"),
    ("sparse-10m", 473_332_921, "78658ed5ea9938a7c20cfd4cb0814db5f06c8a57aab9f1223e3c65ac0140b3ef"),
    ("rmat-22", 627_926_383, "b4ca034dcc1eecd9aaece534a4cd56d8b05f04be0213a5e8535ba167dacf9147"),
    ("geometric-10m", 473_026_866, "f179e3b57b9656d9cd797ada5ede1bd0a4ea30cc8fc5af9138d7d89caecc56c5"),
    ("planar-10m", 473_049_765, "44455eb6455ae6f00ee050c2f2321280edc47ad5bc0b662a5147a22b74097b9c"),
    ("sparse-100m", 5_333_324_182, "614df7e5b38828912e9eb7bf4c963dc40db03258b529d0e2179418e61079fd8f"),
    ("grid-3163", 371_015_527, "9d82e3628b1434ac17d4a1a2005779cc520052a7abbd1da22503a62eb1cc72ae"),
    ("rmat-20.edges", 138_601_262, "e7c3d1a27200a7f0362b9b5a6d4724077488ff7103522ce28e1e1b77c6dbe230"),
    ("rmat-20.mtx", 138_602_856, "c8ca0d412f5e10809a0206965491bbed2137bc7b73a12c97e077240e2025308e"),
    ("rmat-20.graph", 139_071_718, "4a446ab5773ff2e4567780595b72913e96b1abb6aa80bb6b134b19f147ddbd51"),
    ("sparse-10m.edges", 473_332_976, "0698fe4f0d504a5634289335bbd179d961e210199d15027379227429d2e16cdb"),
    ("sparse-10m.mtx", 473_333_026, "a9ade6024045b086cbb38480152a726202290ce263516e0da8fa9a015123374d"),
    ("sparse-10m.graph", 473_357_738, "791b1aa77d5895c2378f3317f52599c507dea4db962cbca6bae996bfac6284b4"),
    ("rmat-22.edges", 627_926_438, "97325b0949a50639f664ab8b598f873169bbaa0f4a9dedcf52f1990139fa31bd"),
    ("rmat-22.mtx", 627_926_449, "99668ee51991a35405438608c65bb209c2c3f4b92e96a559300b5c451416f727"),
    ("rmat-22.graph", 629_986_950, "40b8094095eb5250448145f948907e6918c5663bbec40bc767932e50d6e8563c"),
    ("king-board-1000", 1_001_012, "01531f086779c3ea5cb73d214c9ccfdcf71a0adffafc299a1025792e69ed570c"),
    ("king-board-3000", 9_003_012, "bea1f7b7e8517ba46f3c461fc7bfa2462d02514cc0ca48f4dbea4e0fcfe09f5b"),
    ("weighted-sparse-10k", 500_185, "2f679c24e55218a1344bd59a304c9bca73294236b38da16897954e34174d346e"),
    ("weighted-grid-100", 330_174, "f1f640640a7bcbb50dd4dba02709fec7072cf6abf46003ad6a674842e9f77609"),
    ("weighted-knn-10k", 883_715, "d69bf467cd82987380837972fe463d7db51d33e1d50285b2ff1f2b7b1bc4ef81"),
    ("weighted-complete-500", 1_802_500, "2bbe1dcc8c1f8c015d9a8eee7f1b0a3144179bc4a99acc5d8a3759c0df01cac3"),
    ("weighted-sparse-100k", 5_600_132, "1db1b63d6f1eebead660ff95206ef22478d93d415b034d4f6321c9c45a364c2b"),
    ("weighted-grid-316", 3_716_943, "40d2b8e77dbe39898d8daf2ab14cbf08aabeb385ddf8066805390aabf067ac20"),
    ("weighted-knn-100k", 9_538_156, "ab211f799613d9f7f4cc99ac7ddbaeec3edacce8bf9b1b86575f82215d2fafd6"),
    (
        "weighted-complete-2000",
        31_541_392,
        "72c84a3982f17bd9cd3c9ddcea96dc47e5b15f1082be104acad491726a0ae5bf",
    ),
    ("weighted-sparse-1m", 62_001_156, "99e30f197a7fda48087743c1c6437e9fa48441681f6ce75193f8e170b9a4c5a5"),
    ("weighted-grid-1000", 41_294_980, "7dd36ab843668f151ce9f8ec977c8f5fde542f01840b5ddb6f414c855c849656"),
    ("weighted-knn-1m", 105_200_189, "821c3e2777cbaef5b593c2b6e8c879d1b56d8389ca20d5ea8bfe1da408e645f9"),
];

/// Presets of hundreds of megabytes (the `heavy` bench inputs): checked by the ignored test only.
const HUGE: usize = 300_000_000;

#[test]
fn every_preset_has_its_recorded_bytes() {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    let recorded: Vec<&str> = RECORDED.iter().map(|r| r.0).collect();
    assert_eq!(names, recorded, "a preset was added or removed: record its bytes here");
    for &(name, len, digest) in RECORDED.iter().filter(|r| r.1 < HUGE) {
        let text = render(name).unwrap();
        assert_eq!((text.len(), sha256_hex(text.as_bytes()).as_str()), (len, digest), "{name}");
    }
}

#[test]
#[ignore = "renders and hashes 11 GB of 10^7- and 10^8-vertex presets: minutes and about 11 GB of memory"]
fn every_huge_preset_has_its_recorded_bytes() {
    for &(name, len, digest) in RECORDED.iter().filter(|r| r.1 >= HUGE) {
        let text = render(name).unwrap();
        assert_eq!((text.len(), sha256_hex(text.as_bytes()).as_str()), (len, digest), "{name}");
    }
}

#[test]
fn the_test_sha256_is_sha256() {
    assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    let long = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    assert_eq!(sha256_hex(long), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    assert_eq!(
        sha256_hex(&vec![b'a'; 1_000_000]),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    );
}

#[test]
fn the_binary_prints_a_preset_and_rejects_unknown_names() {
    let bin = env!("CARGO_BIN_EXE_game-stress");
    let out = Command::new(bin).args(["preset", "lattice-10x10"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, render("lattice-10x10").unwrap().into_bytes());
    let out = Command::new(bin).args(["preset", "lattice-10x1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let help = Command::new(bin).args(["preset", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for p in PRESETS {
        assert!(help.contains(p.name) && help.contains(p.summary), "`preset --help` lacks {}", p.name);
    }
}

/// xtask keeps a copy of the list for `cargo xtask gen --help` (it depends on no workspace crate, so
/// it cannot import this one): the names and summaries of its `PRESETS` must be these, in order.
#[test]
fn xtask_lists_the_same_presets() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../xtask/src/preset.rs");
    let source = std::fs::read_to_string(path).unwrap();
    let start = source.find("pub const PRESETS").expect("xtask's PRESETS");
    let block = &source[start..];
    let block = &block[block.find("= &[").unwrap()..block.find("];").unwrap()];
    let literals: Vec<&str> = block.split('"').skip(1).step_by(2).collect();
    let ours: Vec<&str> = PRESETS.iter().flat_map(|p| [p.name, p.summary]).collect();
    assert_eq!(literals, ours, "xtask/src/preset.rs lists other presets than game-stress");
}

/// A graph preset in another format is its base preset's graph: the same edges, named by the
/// input's ids (an edge list's graph leaves out the vertices in no edge, and Matrix Market and
/// METIS count from 1).
#[test]
fn a_graph_in_another_format_is_its_base_presets_graph() {
    let Some(Input::Matching(graph)) = input("sparse-100k") else { panic!("a graph preset") };
    let edges = |text: &str, format: GraphFormat| {
        let parsed = read_graph(text.as_bytes(), format).unwrap();
        let first = u64::from(matches!(format, GraphFormat::Mtx | GraphFormat::Metis));
        let id = |v: Vertex| parsed.ids.id(v) - first;
        parsed.graph.edges().map(|(u, v)| (id(u), id(v))).collect::<Vec<_>>()
    };
    let base = edges(&graph.render(), GraphFormat::LibraryChecker);
    assert!(base.len() > 290_000);
    for (extension, format) in
        [("edges", GraphFormat::Edges), ("mtx", GraphFormat::Mtx), ("graph", GraphFormat::Metis)]
    {
        let text = graph_file(graph.n, &graph.edges, extension).unwrap();
        assert!(edges(&text, format) == base, "{extension}");
    }
    assert!(
        graph_file(graph.n, &graph.edges, "in").is_none()
            && graph_file(graph.n, &graph.edges, "lc").is_none()
    );
}

/// SHA-256 (FIPS 180-4) as lowercase hex; enough for a test, no dependency.
fn sha256_hex(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            (hh, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}
