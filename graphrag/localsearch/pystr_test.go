package localsearch

import (
	"math"
	"testing"
)

func TestPyFloat(t *testing.T) {
	// Expected strings are what CPython 3.12 prints for str(x).
	tests := []struct {
		in   float64
		want string
	}{
		{17, "17.0"},
		{8.5, "8.5"},
		{1, "1.0"},
		{0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{-2.25, "-2.25"},
		{0.1, "0.1"},
		{0.0001, "0.0001"},
		{0.00001, "1e-05"},
		{1.5e-7, "1.5e-07"},
		{1e16, "1e+16"},
		{1.2345e17, "1.2345e+17"},
		{1e22, "1e+22"},
		{123456789012345.0, "123456789012345.0"},
		{9999999999999998, "9999999999999998.0"},
		{0.34999999999999998, "0.35"},
		{1 - 0.15 - 0.5, "0.35"},
		{1e100, "1e+100"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
		{math.NaN(), "nan"},
	}
	for _, tt := range tests {
		if got := PyFloat(tt.in); got != tt.want {
			t.Errorf("PyFloat(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
