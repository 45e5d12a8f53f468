// Package server is reportengine's HTTP handler (placeholder doc; written in full below).
package server
