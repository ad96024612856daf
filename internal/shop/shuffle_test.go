package shop

import (
	"fmt"
	"slices"
	"testing"
)

func TestShuffleIsAPermutationWithItsInverse(t *testing.T) {
	for _, bits := range []int{10, 12, 14, 16} {
		for _, seed := range []int64{0, 1, 42, MaxSeed} {
			size := int64(1) << bits
			seen := make([]bool, size)
			for id := range size {
				pos := ShufflePosition(id, seed, bits)
				if pos < 0 || pos >= size || seen[pos] {
					t.Fatalf("bits %d seed %d: id %d goes to position %d, out of range or taken", bits, seed, id, pos)
				}
				seen[pos] = true
				if back := ShuffleID(pos, seed, bits); back != id {
					t.Fatalf("bits %d seed %d: ShuffleID(ShufflePosition(%d)) = %d", bits, seed, id, back)
				}
				// A block (the upper half of the spread) takes consecutive
				// positions: the seed moves it as a whole.
				sh, spread := NewShuffle(seed, bits), ShuffleSpread(id, bits)
				if ShuffleUnspread(spread, bits) != id || sh.BlockAt(pos>>sh.Half()) != spread>>sh.Half() ||
					sh.PositionOfSpread(spread) != pos {
					t.Fatalf("bits %d seed %d: id %d (spread %d) at position %d is not in the block of its position's window",
						bits, seed, id, spread, pos)
				}
			}
		}
	}
}

func TestShuffleSeedsGiveDifferentOrders(t *testing.T) {
	order := func(seed int64) []int64 {
		out := make([]int64, 64)
		for pos := range out {
			out[pos] = ShuffleID(int64(pos), seed, 12)
		}
		return out
	}
	seen := map[string]int64{}
	for _, seed := range []int64{0, 1, 2, 3, 42, 1000, MaxSeed} {
		o := order(seed)
		key := fmt.Sprint(o)
		if other, dup := seen[key]; dup {
			t.Errorf("seeds %d and %d give the same first 64 positions", other, seed)
		}
		seen[key] = seed
		if slices.IsSorted(o) {
			t.Errorf("seed %d: the first positions hold ids in order %v", seed, o[:8])
		}
	}
}

func TestShuffleBits(t *testing.T) {
	for _, c := range []struct {
		maxID int64
		want  int
	}{{0, 10}, {1, 10}, {1023, 10}, {1024, 12}, {4095, 12}, {4096, 14}, {1_000_000, 20}, {1 << 20, 22}, {MaxSeed, 32}} {
		if got := ShuffleBits(c.maxID); got != c.want {
			t.Errorf("ShuffleBits(%d) = %d; want %d", c.maxID, got, c.want)
		}
	}
}
