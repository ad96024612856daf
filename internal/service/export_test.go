package service

// HashWork is the argon2id work h has done so far (memory KiB × passes,
// summed over every derivation).
func HashWork(h *Hasher) uint64 { return h.work.Load() }
