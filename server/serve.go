package server

import (
	"context"
	"errors"
	"net"
	"net/http"
)

// HTTPServer returns an http.Server for the handler with the Config's
// timeouts: ReadHeaderTimeout, ReadTimeout (the whole request, body
// included), WriteTimeout and IdleTimeout. WriteTimeout bounds an ordinary
// response; a server-sent event stream pushes its write deadline forward
// by WriteTimeout before every event, so a long answer is not cut while a
// stalled client still is. BaseContext is cancelled when Shutdown starts,
// which ends open streams promptly.
func (s *Server) HTTPServer() *http.Server {
	base, cancel := context.WithCancel(context.Background())
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	hs.RegisterOnShutdown(cancel)
	return hs
}

// Serve serves on ln until ctx is done (the CLI cancels it on SIGINT or
// SIGTERM), then shuts down gracefully: it stops accepting, cancels open
// streams and waits up to ShutdownTimeout for requests in flight. It returns
// nil after a clean shutdown, the listener's error if serving failed, or
// the shutdown error (context.DeadlineExceeded when requests outlived the
// timeout; they are then closed).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := s.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if err != nil {
		_ = hs.Close()
	}
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
