//! The connection slots: which connections are open, which of them are being served, and which one
//! gives its slot to a new connection when the cap is reached.
//!
//! A connection is *waiting* from the moment it is accepted, and again from the moment its last
//! answer was written out, until a complete request head arrives; it is *served* from then until
//! its answer is written out (body, solve and answer included). When the cap is reached, a new
//! connection takes the slot of the waiting connection that has waited longest, which is closed; a
//! connection being served keeps its slot, and when every connection is served the new one is
//! closed at once. When the server listens beyond loopback, one client address holds at most
//! [`Slots::per_client`] slots: beyond its share, a new connection from that address takes the
//! slot of that address's longest-waiting connection, or is closed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::task::AbortHandle;

/// What a connection shares with the slot table: requests in flight, whether a write is waiting
/// to be flushed, and since when it has waited for a request head.
#[derive(Debug)]
pub struct Activity {
    requests: AtomicUsize,
    writing: AtomicBool,
    /// Milliseconds since the table's start.
    waiting_since: AtomicU64,
    start: Instant,
}

impl Activity {
    fn new(start: Instant) -> Activity {
        let activity = Activity {
            requests: AtomicUsize::new(0),
            writing: AtomicBool::new(false),
            waiting_since: AtomicU64::new(0),
            start,
        };
        activity.waiting_from_now();
        activity
    }

    fn waiting_from_now(&self) {
        self.waiting_since.store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    /// A complete request head arrived: the connection is served.
    pub fn request_began(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }

    /// A request's answer was handed over whole: the connection waits for its next head from now.
    pub fn request_ended(&self) {
        self.waiting_from_now();
        self.requests.fetch_sub(1, Ordering::Relaxed);
    }

    /// Whether bytes were written and not yet flushed to the client.
    pub fn set_writing(&self, writing: bool) {
        self.writing.store(writing, Ordering::Relaxed);
    }

    /// Since when it has waited for a request head (ms), if it is waiting.
    fn waiting(&self) -> Option<u64> {
        let idle = self.requests.load(Ordering::Relaxed) == 0 && !self.writing.load(Ordering::Relaxed);
        idle.then(|| self.waiting_since.load(Ordering::Relaxed))
    }
}

/// One open connection.
#[derive(Debug)]
struct Open {
    client: IpAddr,
    activity: Arc<Activity>,
    abort: Option<AbortHandle>,
}

/// The slot table (see the module's documentation).
#[derive(Debug)]
pub struct Slots {
    max: usize,
    per_client: usize,
    start: Instant,
    table: Mutex<Table>,
    /// The number of open connections, for the shutdown to wait on.
    count: tokio::sync::watch::Sender<usize>,
}

#[derive(Debug, Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Open>,
}

/// A connection's place in the table: [`Slots::admit`] gives it; dropping it frees the slot.
#[derive(Debug)]
pub struct Place {
    slots: Arc<Slots>,
    id: u64,
    /// What the connection updates.
    pub activity: Arc<Activity>,
}

impl Place {
    /// The place's number in its table.
    pub fn id(&self) -> u64 {
        self.id
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.slots.remove(self.id);
    }
}

impl Slots {
    /// A table of at most `max` connections, at most `per_client` of them from one address.
    pub fn new(max: usize, per_client: usize) -> Arc<Slots> {
        let (count, _) = tokio::sync::watch::channel(0);
        Arc::new(Slots {
            max: max.max(1),
            per_client: per_client.clamp(1, max.max(1)),
            start: Instant::now(),
            table: Mutex::new(Table::default()),
            count,
        })
    }

    /// Most connections from one client address.
    pub fn per_client(&self) -> usize {
        self.per_client
    }

    /// A slot for a new connection from `client`, closing the longest-waiting connection (of that
    /// client when it is over its share) if there is no free one; `None`: no connection is waiting,
    /// so the new one is to be closed.
    pub fn admit(self: &Arc<Slots>, client: IpAddr) -> Option<Place> {
        let mut table = self.table.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let from_client = table.open.values().filter(|o| o.client == client).count();
        let victim_of = |table: &Table, only: Option<IpAddr>| {
            table
                .open
                .iter()
                .filter(|(_, o)| only.is_none_or(|c| o.client == c))
                .filter_map(|(&id, o)| o.activity.waiting().map(|since| (since, id)))
                .min()
                .map(|(_, id)| id)
        };
        let victim = if from_client >= self.per_client {
            Some(victim_of(&table, Some(client))?)
        } else if table.open.len() >= self.max {
            Some(victim_of(&table, None)?)
        } else {
            None
        };
        if let Some(victim) = victim.and_then(|id| table.open.remove(&id)) {
            if let Some(abort) = victim.abort {
                abort.abort();
            }
        }
        let id = table.next;
        table.next += 1;
        let activity = Arc::new(Activity::new(self.start));
        table.open.insert(id, Open { client, activity: Arc::clone(&activity), abort: None });
        self.count.send_replace(table.open.len());
        Some(Place { slots: Arc::clone(self), id, activity })
    }

    /// Records how to close the connection of the place numbered `id` ([`Place::id`]): its task.
    pub fn set_abort(&self, id: u64, abort: AbortHandle) {
        let mut table = self.table.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match table.open.get_mut(&id) {
            Some(open) => open.abort = Some(abort),
            None => abort.abort(), // already given away
        }
    }

    fn remove(&self, id: u64) {
        let mut table = self.table.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        table.open.remove(&id);
        self.count.send_replace(table.open.len());
    }

    /// Waits until no connection is open.
    pub async fn all_closed(&self) {
        let mut count = self.count.subscribe();
        let _ = count.wait_for(|&n| n == 0).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn the_longest_waiting_connection_gives_its_slot_and_served_ones_keep_theirs() {
        let slots = Slots::new(3, 3);
        let a = slots.admit(ip(1)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let b = slots.admit(ip(1)).unwrap();
        let c = slots.admit(ip(1)).unwrap();
        a.activity.request_began();
        // a is served; b has waited longest.
        let d = slots.admit(ip(2)).unwrap();
        let table = slots.table.lock().unwrap();
        assert!(table.open.contains_key(&a.id) && !table.open.contains_key(&b.id));
        assert!(table.open.contains_key(&c.id) && table.open.contains_key(&d.id));
        drop(table);
        // Every one served: a new connection is refused.
        for place in [&c, &d] {
            place.activity.request_began();
        }
        assert!(slots.admit(ip(3)).is_none());
        // An answer written out: waiting again, so it gives its slot.
        c.activity.request_ended();
        let e = slots.admit(ip(3)).unwrap();
        assert!(!slots.table.lock().unwrap().open.contains_key(&c.id));
        // An answer handed over but not yet flushed keeps the slot.
        e.activity.request_began();
        d.activity.request_ended();
        d.activity.set_writing(true);
        assert!(slots.admit(ip(4)).is_none());
        d.activity.set_writing(false);
        assert!(slots.admit(ip(4)).is_some());
        assert!(!slots.table.lock().unwrap().open.contains_key(&d.id));
    }

    #[test]
    fn one_client_address_holds_its_share_only() {
        let slots = Slots::new(8, 2);
        let first = slots.admit(ip(1)).unwrap();
        let _second = slots.admit(ip(1)).unwrap();
        // Its third connection takes the slot of its own longest waiting one.
        let _third = slots.admit(ip(1)).unwrap();
        assert!(!slots.table.lock().unwrap().open.contains_key(&first.id));
        assert_eq!(slots.table.lock().unwrap().open.len(), 2);
        // Others are not affected.
        let _other = slots.admit(ip(2)).unwrap();
        assert_eq!(slots.table.lock().unwrap().open.len(), 3);
    }
}
