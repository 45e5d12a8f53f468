package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Serve serves on ln until ctx is done (the CLI cancels it on SIGINT or
// SIGTERM), then shuts down gracefully: it stops accepting, cancels open
// streams and waits up to ShutdownTimeout for requests in flight. It returns
// nil after a clean shutdown, the listener's error if serving failed, or
// the shutdown error (context.DeadlineExceeded when requests outlived the
// timeout; they are then closed).
//
// The http.Server has the Config's ReadTimeout (the whole request, body
// included) and WriteTimeout, 10 s to read a request's header and 120 s
// for an idle keep-alive connection. WriteTimeout bounds an ordinary
// response; a server-sent event stream pushes its write deadline forward
// by WriteTimeout before every event, so a long answer is not cut while a
// stalled client still is. Its BaseContext is cancelled when Shutdown
// starts, which ends open streams promptly, and so is the context of
// search builds in progress: Serve waits for them (within ShutdownTimeout)
// so that a model file being written is finished or removed, not left as
// a temporary file.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	base, cancelBase := context.WithCancel(context.Background())
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: s.cfg.ReadTimeout,
		WriteTimeout: s.cfg.WriteTimeout, IdleTimeout: 120 * time.Second, MaxHeaderBytes: 64 << 10,
		BaseContext: func(net.Listener) context.Context { return base }}
	hs.RegisterOnShutdown(cancelBase)
	hs.RegisterOnShutdown(s.stopBuilds)
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
	s.waitBuilds(sctx)
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// waitBuilds waits for the search builds in progress to end, or for ctx.
func (s *Server) waitBuilds(ctx context.Context) {
	done := make(chan struct{})
	go func() { s.builds.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}
