package globalsearch

import "context"

// NoPointReason begins the Route.Reason of a question the auto method
// sent to global search whose map kept no point: local search answered it
// (Engine.Answer).
const NoPointReason = "global search found no point in the community reports; local search answered"

// Fallback is the route of a question routed to global search (r) whose
// global search kept no point: local search answers it, and local search's
// relevance rule decides whether it is answered at all. Reason is
// NoPointReason followed by why the router chose global ("…; local search
// answered; it was routed global for broad wording: 总体"); Cues, Terms
// and Entity stay r's.
func Fallback(r Route) Route {
	r.Method = MethodLocal
	r.Reason = NoPointReason + "; it was routed global for " + r.Reason
	return r
}

// Answer is the global search of a question routed to it (route.Method
// MethodGlobal) under the method the user asked (asked). With MethodAuto
// ("" too, as ParseMethod reads it),
// a search whose map keeps no point (Result.NoData) falls back: fn is
// never called — neither the context nor the no-data answer reach it —
// and Answer returns the result with Fallback(route), whose Method is
// MethodLocal: the caller then answers the question with local search.
// Otherwise Answer returns the result and route unchanged, fn having seen
// the events Stream sends; under MethodAuto the context event is held
// until the map is done (the first delta, or the end of a search that
// streamed none), so that a fallback shows nothing of global search. With
// any other method (MethodGlobal asked) it is Stream: a no-data answer is
// the answer.
//
// Errors are Stream's; the route returned with an error is route.
func (e *Engine) Answer(ctx context.Context, asked Method, route Route, q Query, fn func(Event) error) (*Result, Route, error) {
	if asked != MethodAuto && asked != "" {
		res, err := e.Stream(ctx, q, fn)
		return res, route, err
	}
	var held *Context
	send := func() error {
		if c := held; c != nil {
			held = nil
			return fn(Event{Context: c})
		}
		return nil
	}
	hold := fn
	if fn != nil {
		hold = func(ev Event) error {
			if ev.Context != nil {
				held = ev.Context
				return nil
			}
			if err := send(); err != nil {
				return err
			}
			return fn(ev)
		}
	}
	res, err := e.stream(ctx, q, hold, true)
	if err != nil {
		return nil, route, err
	}
	if res.NoData {
		return res, Fallback(route), nil
	}
	if err := send(); err != nil {
		return nil, route, err
	}
	return res, route, nil
}
