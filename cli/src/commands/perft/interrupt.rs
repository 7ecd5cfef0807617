//! Ctrl-C: the first press asks the count to stop (it prints what it has and exits 130);
//! if it has not stopped within [`GRACE`] (say, inside one long move generation), or at
//! a second press, the program exits with 130 at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long the count has to stop after Ctrl-C before the program exits anyway.
pub const GRACE: Duration = Duration::from_secs(2);

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
static HANDLED: AtomicBool = AtomicBool::new(false);

/// The stop flag, cleared, with the Ctrl-C handler installed (once per process; if
/// another handler is there already the flag is never set, and Ctrl-C does what that
/// handler does).
pub fn arm() -> Arc<AtomicBool> {
    let stop = STOP.get_or_init(|| {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let _ = ctrlc::set_handler(move || on_interrupt(&flag));
        stop
    });
    stop.store(false, Ordering::SeqCst);
    HANDLED.store(false, Ordering::SeqCst);
    stop.clone()
}

/// The count has stopped (or finished): Ctrl-C need not end the program by force.
pub fn handled() {
    HANDLED.store(true, Ordering::SeqCst);
}

fn on_interrupt(stop: &AtomicBool) {
    if stop.swap(true, Ordering::SeqCst) {
        if !HANDLED.load(Ordering::SeqCst) {
            // A second Ctrl-C before the count has stopped.
            std::process::exit(super::INTERRUPTED);
        }
        return;
    }
    // The handler's thread must stay free to hear a second Ctrl-C: wait elsewhere.
    std::thread::spawn(|| {
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if HANDLED.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!(
            "\nerror: perft did not stop within {} s of Ctrl-C; exiting",
            GRACE.as_secs()
        );
        std::process::exit(super::INTERRUPTED);
    });
}
