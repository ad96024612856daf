package sqldb

import (
	"testing"

	"dwa/internal/shop"
)

// TestWritersWaitForTheSubscribers: readers see a published snapshot at
// once, but a writer waiting for its change is released only once every
// subscriber has been told of it — the caches have dropped what it
// outdated, so the writer's next read cannot be answered from them.
func TestWritersWaitForTheSubscribers(t *testing.T) {
	a := newCatalogue(nil)
	entered, release := make(chan struct{}), make(chan struct{})
	a.subscribe(func(shop.CatalogueChange) {
		close(entered)
		<-release
	})
	published := make(chan struct{})
	go func() {
		a.publish(&catalogueState{seq: 7}, shop.CatalogueChange{Seq: 7})
		close(published)
	}()
	<-entered
	if st := a.cur.Load(); st == nil || st.seq != 7 {
		t.Errorf("readers do not see the snapshot while the subscribers run")
	}
	// told is what releases a writer (waitApplied).
	if a.told.Load() >= 7 {
		t.Error("a writer of change 7 is released while a subscriber has not dropped what it outdated")
	}
	close(release)
	<-published
	if a.told.Load() != 7 {
		t.Errorf("told %d once the subscribers returned; want 7", a.told.Load())
	}
}
