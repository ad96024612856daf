package realtime

import "testing"

func TestHubSlowSubscriberIsDropped(t *testing.T) {
	h := NewHub(2)
	slow, _, ok := h.Subscribe(1)
	if !ok {
		t.Fatal("subscribe refused")
	}
	fast, cancelFast, _ := h.Subscribe(1)
	other, _, _ := h.Subscribe(2)
	for id := int64(1); id <= 3; id++ {
		h.Deliver(id, []int64{1, 2})
		if got := <-fast; got != id {
			t.Fatalf("fast got %d; want %d", got, id)
		}
		if got := <-other; got != id {
			t.Fatalf("other got %d; want %d", got, id)
		}
	}
	// slow never read: two notices fit its buffer, the third dropped it.
	var got []int64
	for id := range slow {
		got = append(got, id)
	}
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("slow got %v before being closed", got)
	}
	cancelFast()
	cancelFast() // idempotent
	if _, open := <-fast; open {
		t.Error("cancelled feed still open")
	}
	if n := h.Streams(); n != 1 {
		t.Errorf("Streams = %d; want 1", n)
	}
}

func TestHubClose(t *testing.T) {
	h := NewHub(1)
	a, _, _ := h.Subscribe(7)
	h.Close()
	if _, open := <-a; open {
		t.Error("feed open after Close")
	}
	if _, _, ok := h.Subscribe(9); ok {
		t.Error("subscribe after Close")
	}
	h.Deliver(1, []int64{7}) // no panic on closed feeds
}

func TestHubResync(t *testing.T) {
	h := NewHub(2)
	idle, _, _ := h.Subscribe(1)
	full, _, _ := h.Subscribe(2)
	h.Deliver(5, []int64{2})
	h.Deliver(6, []int64{2})
	h.Resync()
	if got := <-idle; got != Missed {
		t.Errorf("idle feed got %d; want Missed", got)
	}
	// The full feed had no room for the signal: it is closed after what it
	// holds, and its client replays with Last-Event-ID.
	var got []int64
	for id := range full {
		got = append(got, id)
	}
	if len(got) != 2 || got[0] != 5 || got[1] != 6 {
		t.Errorf("full feed got %v before being closed", got)
	}
	if n := h.Streams(); n != 1 {
		t.Errorf("Streams = %d; want 1", n)
	}
}
