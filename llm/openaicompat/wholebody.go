package openaicompat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// maxWholeBody bounds the body read when a server answers a streamed
// request with a whole chat.completion: 64 MiB, far above any completion.
const maxWholeBody = 64 << 20

// wholeAsStream handles a server that ignores "stream": true and answers
// with a normal application/json chat.completion (some proxies and
// self-hosted servers do): go-openai's stream reader would find no "data:"
// lines and the reply would look empty (ErrEmptyCompletion, retried). For
// a 200 reply to a request that asked for an event stream (Accept:
// text/event-stream) whose Content-Type is application/json and whose body
// is a chat.completion with choices, the body is replaced by the same
// completion as one chat.completion.chunk event and [DONE], so Stream
// reads its content, reasoning_content, finish_reason (B08's truncation
// check runs on it) and usage as if streamed. A 200 JSON error object is
// passed on as a stream's error event; any other body unchanged.
//
// A 200 reply to such a request that is a web page (Content-Type
// text/html: a proxy's or a web UI's page, typically a BaseURL that is not
// the API root) is returned as a *pageError naming the page's title (the
// body is closed): go-openai's stream reader would skip its lines and the
// reply would look empty, and be retried as an empty completion.
func wholeAsStream(req *http.Request, resp *http.Response) error {
	if resp.StatusCode != http.StatusOK || !strings.Contains(req.Header.Get("Accept"), "text/event-stream") {
		return nil
	}
	mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err == nil && (mt == "text/html" || mt == "application/xhtml+xml") {
		head, _ := io.ReadAll(io.LimitReader(resp.Body, maxPageRead))
		_ = resp.Body.Close()
		return &pageError{contentType: mt, title: pageTitle(head)}
	}
	if err != nil || mt != "application/json" {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxWholeBody))
	_ = resp.Body.Close()
	if err != nil { // what was read, then the read error, for go-openai to report
		resp.Body = io.NopCloser(io.MultiReader(bytes.NewReader(raw), errReader{err}))
		return nil
	}
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	var whole openai.ChatCompletionResponse
	if json.Unmarshal(raw, &whole) != nil {
		return nil
	}
	if len(whole.Choices) == 0 {
		// An error object ({"error": {...}}) with status 200: passed on as
		// the error event it would be inside a stream, so its message is
		// reported instead of an empty completion.
		var e struct {
			Error json.RawMessage `json:"error"`
		}
		var flat bytes.Buffer
		if json.Unmarshal(raw, &e) == nil && len(e.Error) > 0 && string(e.Error) != "null" && json.Compact(&flat, raw) == nil {
			setStreamBody(resp, "data: "+flat.String()+"\n\n")
		}
		return nil
	}
	chunk := openai.ChatCompletionStreamResponse{ID: whole.ID, Object: "chat.completion.chunk", Created: whole.Created, Model: whole.Model, Usage: &whole.Usage}
	for _, ch := range whole.Choices {
		chunk.Choices = append(chunk.Choices, openai.ChatCompletionStreamChoice{
			Index:        ch.Index,
			Delta:        openai.ChatCompletionStreamChoiceDelta{Role: ch.Message.Role, Content: ch.Message.Content, ReasoningContent: ch.Message.ReasoningContent},
			FinishReason: ch.FinishReason,
		})
	}
	b, err := json.Marshal(chunk)
	if err != nil {
		return nil
	}
	setStreamBody(resp, fmt.Sprintf("data: %s\n\ndata: [DONE]\n\n", b))
	return nil
}

// setStreamBody makes body the event stream resp carries.
func setStreamBody(resp *http.Response, body string) {
	resp.Body = io.NopCloser(strings.NewReader(body))
	resp.Header.Set("Content-Type", "text/event-stream")
	resp.Header.Del("Content-Length")
	resp.ContentLength = int64(len(body))
}

// errReader returns err once the body before it is read.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// maxPageRead bounds what is read of a web page answering a stream (for
// its title): 64 KiB.
const maxPageRead = 64 << 10

// pageError is a 200 reply to a streamed request that is a web page, not
// an event stream (wholeAsStream).
type pageError struct {
	contentType, title string
}

func (e *pageError) Error() string {
	msg := "the server answered the stream with a web page (Content-Type " + e.contentType
	if e.title != "" {
		msg += fmt.Sprintf(", title %q", e.title)
	}
	return msg + "), not an event stream of a chat completion"
}

// pageTitle is the text of the first <title> element of an HTML page's
// head, white space collapsed, cut to 120 runes; "" without one.
func pageTitle(page []byte) string {
	lower := bytes.ToLower(page)
	i := bytes.Index(lower, []byte("<title"))
	if i < 0 {
		return ""
	}
	j := bytes.IndexByte(lower[i:], '>')
	if j < 0 {
		return ""
	}
	rest := page[i+j+1:]
	if k := bytes.Index(bytes.ToLower(rest), []byte("</title")); k >= 0 {
		rest = rest[:k]
	}
	t := strings.Join(strings.Fields(string(rest)), " ")
	if r := []rune(t); len(r) > 120 {
		t = string(r[:120]) + "…"
	}
	return strings.ToValidUTF8(t, "\uFFFD")
}
