package memo

import "testing"

// FIFO drops the oldest values first until the sizes fit the limit
// (exactly: a sum one over it is too much), keeps the first value put
// under a key, and keeps no value larger than the limit.
func TestFIFO(t *testing.T) {
	var c FIFO[int]
	c.Put("a", 1, 2, 5)
	c.Put("b", 2, 2, 5)
	c.Put("a", 9, 2, 5) // kept already: unchanged
	if v, ok := c.Get("a"); !ok || v != 1 || c.Held() != 4 {
		t.Fatalf("a = %d, %v; held %d; want 1, true, 4", v, ok, c.Held())
	}
	c.Put("c", 3, 2, 5) // 4 + 2 > 5: a goes
	if _, ok := c.Get("a"); ok || c.Held() != 4 {
		t.Errorf("a sum one over the limit: a kept %v, held %d; want a gone, 4", ok, c.Held())
	}
	c.Put("d", 4, 3, 5) // 4 + 3 > 5: b goes, 2 + 3 fits
	for k, want := range map[string]int{"a": 0, "b": 0, "c": 3, "d": 4} {
		if v, ok := c.Get(k); ok != (want != 0) || v != want {
			t.Errorf("%s = %d, %v; want %d (0: not kept)", k, v, ok, want)
		}
	}
	if c.Held() != 5 {
		t.Errorf("held %d, want 5", c.Held())
	}
	c.Put("e", 5, 6, 5)
	if _, ok := c.Get("e"); ok || c.Held() != 5 {
		t.Errorf("a value over the limit is kept (held %d)", c.Held())
	}
}
