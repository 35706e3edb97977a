//! Identical queries share one solve, and recent answers are kept for a while.
//!
//! - [`Flights`]: the solves in flight by query (game, view, options and position text). A request
//!   for a query already being solved waits for that solve instead of starting another, taking no
//!   solve slot. The solve's cancel flag is set only when the last request waiting for it ends.
//! - [`Cache`]: the answers of recent queries, at most `max_bytes` of keys and answers together,
//!   each kept for `ttl`; the oldest go first.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::StatusCode;
use tokio::sync::watch;

use crate::games::Cancel;

/// Why a shared solve has no answer: the status and message every request waiting for it gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status.
    pub status: StatusCode,
    /// The error message.
    pub message: String,
}

/// The outcome of a solve: the serialized answer, or a refusal.
pub type Outcome = Result<Bytes, Refusal>;

/// One solve in flight.
#[derive(Debug)]
pub struct Flight {
    /// The solve's cancel flag and progress, shared by every request waiting for it.
    pub cancel: Cancel,
    interested: AtomicUsize,
    outcome: watch::Sender<Option<Outcome>>,
}

impl Flight {
    /// Hands the outcome to every request waiting for it.
    pub fn finish(&self, outcome: Outcome) {
        self.outcome.send_replace(Some(outcome));
    }
}

/// The solves in flight, by query.
#[derive(Debug, Default)]
pub struct Flights {
    map: Mutex<HashMap<Arc<str>, Arc<Flight>>>,
}

/// A request's interest in a flight; dropping the last one cancels the solve.
#[derive(Debug)]
pub struct Interest {
    flight: Arc<Flight>,
    flights: Arc<Flights>,
    key: Arc<str>,
}

impl Flights {
    /// Joins the flight of `key`, or starts one: the interest, and whether this request leads it
    /// (must start the solve and [`Flights::land`] it).
    pub fn join(self: &Arc<Self>, key: Arc<str>) -> (Interest, bool) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let (flight, leader) = match map.get(&key) {
            Some(flight) => (Arc::clone(flight), false),
            None => {
                let (outcome, _) = watch::channel(None);
                let flight =
                    Arc::new(Flight { cancel: Cancel::new(), interested: AtomicUsize::new(0), outcome });
                map.insert(Arc::clone(&key), Arc::clone(&flight));
                (flight, true)
            }
        };
        flight.interested.fetch_add(1, Ordering::SeqCst);
        (Interest { flight, flights: Arc::clone(self), key }, leader)
    }

    /// Removes the flight of `key` (if it is `flight`): later requests start a new solve (or find
    /// the answer in the cache).
    pub fn land(&self, key: &str, flight: &Arc<Flight>) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(key).is_some_and(|f| Arc::ptr_eq(f, flight)) {
            map.remove(key);
        }
    }

    /// How many solves are in flight.
    pub fn len(&self) -> usize {
        self.map.lock().map_or(0, |map| map.len())
    }

    /// Whether no solve is in flight.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Interest {
    /// The flight.
    pub fn flight(&self) -> &Arc<Flight> {
        &self.flight
    }

    /// Waits for the flight's outcome.
    pub async fn outcome(&self) -> Outcome {
        let mut receiver = self.flight.outcome.subscribe();
        let gone = || Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "internal error: the solve ended without an answer".into(),
        };
        match receiver.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().unwrap_or_else(|| Err(gone())),
            Err(_) => Err(gone()),
        }
    }
}

impl Drop for Interest {
    fn drop(&mut self) {
        if self.flight.interested.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.flight.cancel.cancel();
            self.flights.land(&self.key, &self.flight);
        }
    }
}

/// Recent answers, bounded in bytes and in age.
#[derive(Debug)]
pub struct Cache {
    max_bytes: usize,
    ttl: Duration,
    inner: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    map: HashMap<Arc<str>, (Bytes, Instant)>,
    order: VecDeque<Arc<str>>,
    bytes: usize,
}

impl Entries {
    /// Drops the expired answers (the oldest come first).
    fn purge(&mut self, ttl: Duration) {
        while let Some(oldest) = self.order.front() {
            if self.map.get(oldest).is_some_and(|(_, at)| at.elapsed() <= ttl) {
                break;
            }
            self.remove_oldest();
        }
        // A cache that emptied after a burst gives its tables back.
        if self.map.capacity() > 64 && self.map.len() < self.map.capacity() / 4 {
            self.map.shrink_to_fit();
            self.order.shrink_to_fit();
        }
    }

    fn remove_oldest(&mut self) {
        if let Some(key) = self.order.pop_front() {
            if let Some((answer, _)) = self.map.remove(&key) {
                self.bytes -= key.len() + answer.len();
            }
        }
    }
}

impl Cache {
    /// A cache of at most `max_bytes` (keys and answers), each answer kept for `ttl`.
    pub fn new(max_bytes: usize, ttl: Duration) -> Cache {
        Cache { max_bytes, ttl, inner: Mutex::default() }
    }

    /// The answer of `key`, if kept and not older than the time to live (the expired answers are
    /// dropped on the way).
    pub fn get(&self, key: &str) -> Option<Bytes> {
        let mut entries = self.inner.lock().ok()?;
        entries.purge(self.ttl);
        let (answer, at) = entries.map.get(key)?;
        (at.elapsed() <= self.ttl).then(|| answer.clone())
    }

    /// Keeps `answer` for `key` (an answer larger than an eighth of the cache is not kept), dropping
    /// the expired and then the oldest answers to make room.
    pub fn put(&self, key: Arc<str>, answer: Bytes) {
        let size = key.len() + answer.len();
        if size > self.max_bytes / 8 {
            return;
        }
        let Ok(mut entries) = self.inner.lock() else { return };
        if entries.map.contains_key(&key) {
            return;
        }
        entries.purge(self.ttl);
        while !entries.order.is_empty() && entries.bytes + size > self.max_bytes {
            entries.remove_oldest();
        }
        entries.bytes += size;
        entries.order.push_back(Arc::clone(&key));
        entries.map.insert(key, (answer, Instant::now()));
    }

    /// Bytes held (keys and answers).
    pub fn bytes(&self) -> usize {
        self.inner.lock().map_or(0, |entries| entries.bytes)
    }
}
