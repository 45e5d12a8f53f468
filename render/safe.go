package render

import (
	"bytes"
	"cmp"
	"strings"
	"unicode"

	"reportengine/ir"
)

// This file holds every allow-list of the package. Nothing the IR says
// becomes an attribute, class name, style value or URL on the page unless a
// function here accepted or mapped it. Links, colours, theme values and
// image sources are not decided here: the functions below call the IR's
// policy (ir.IsSafeHref, ir.IsSafeURL, ir.IsSafeColor, ir.IsSafeThemeValue,
// ir.IsSafeImageSrc), so the renderer accepts exactly what the validator
// accepts.

// SafeHref reports whether href may become a link target, and returns the
// value to use. Accepted: absolute http and https URLs with a host, mailto:
// URLs with an address, and same-document fragments ("#section-1", the
// fragment reduced to a safe anchor). Everything else — javascript:, data:,
// vbscript:, file:, relative paths, protocol-relative "//host" URLs and any
// value with whitespace or control characters anywhere (browsers strip them,
// so "  java\tscript:" would otherwise sneak through) — is refused, and the
// caller renders the link text as plain text. This is exactly
// ir.IsSafeHref, the validator's policy; a fragment must be a valid IR
// anchor ("#a\"b" and "#章节" are refused, not rewritten).
func SafeHref(href string) (string, bool) {
	if !ir.IsSafeHref(href) {
		return "", false
	}
	return href, true
}

// isHTTPURL reports whether a safe href is an http(s) URL.
func isHTTPURL(href string) bool {
	l := strings.ToLower(href)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// safeDataImage reports whether src is an inline image the IR's policy
// accepts (ir.IsSafeImageSrc with the data:image/ form). Only such images
// become an <img> on the page; an SVG there is inert (an <img> never runs
// its script). http(s) sources become a link, never fetched.
func safeDataImage(src string) bool {
	return len(src) >= 11 && strings.EqualFold(src[:11], "data:image/") && ir.IsSafeImageSrc(src)
}

// sanitizeAnchor reduces an IR anchor to letters, digits, '-' and '_' so
// it is a plain id; other runes become '-'. Returns "" when nothing is left.
func sanitizeAnchor(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() > 80 {
			break
		}
	}
	return strings.TrimRight(b.String(), "-")
}

// safeColor returns c (lower-cased) if the IR's colour policy accepts it
// (ir.IsSafeColor: #rgb, #rrggbb or a CSS colour name), else "". The
// validator and the renderer share that one list.
func safeColor(c string) string {
	if ir.IsSafeColor(c) {
		return strings.ToLower(c)
	}
	return ""
}

// themeValue returns v if the IR's theme policy accepts it
// (ir.IsSafeThemeValue: a safe colour, a length or a font family list),
// colours lower-cased; else "".
func themeValue(v string) string {
	if c := safeColor(v); c != "" {
		return c
	}
	if ir.IsSafeThemeValue(v) {
		return v
	}
	return ""
}

// classOf looks v up, trimmed and lower-cased, in one of the allow-lists
// below (value → class); anything else gives def.
func classOf(classes map[string]string, v, def string) string {
	if c, ok := classes[strings.ToLower(strings.TrimSpace(v))]; ok {
		return c
	}
	return def
}

// The allow-lists of classOf: callout tones (default "tone-info"),
// paragraph and cell alignments, KPI delta tones (default
// "delta-neutral"), font weights and font sizes (default "" for these).
var (
	toneClasses   = map[string]string{"warning": "tone-warning", "warn": "tone-warning", "success": "tone-success", "ok": "tone-success", "danger": "tone-danger", "error": "tone-danger"}
	alignClasses  = map[string]string{"left": "align-left", "center": "align-center", "right": "align-right", "justify": "align-justify"}
	deltaClasses  = map[string]string{"up": "delta-up", "positive": "delta-up", "down": "delta-down", "negative": "delta-down"}
	weightClasses = map[string]string{"bold": "fw-bold", "bolder": "fw-bold", "600": "fw-bold", "700": "fw-bold", "800": "fw-bold", "900": "fw-bold",
		"light": "fw-light", "lighter": "fw-light", "100": "fw-light", "200": "fw-light", "300": "fw-light"}
	sizeClasses = map[string]string{"small": "fs-small", "smaller": "fs-small", "x-small": "fs-small", "12px": "fs-small", "0.8em": "fs-small", "0.875em": "fs-small", "0.9em": "fs-small",
		"large": "fs-large", "larger": "fs-large", "x-large": "fs-large", "18px": "fs-large", "20px": "fs-large", "24px": "fs-large", "1.2em": "fs-large", "1.25em": "fs-large", "1.5em": "fs-large"}
)

// toneClass maps a callout tone to one of four classes (default info).
func toneClass(tone string) string { return classOf(toneClasses, tone, "tone-info") }

// toneName is the tone word shown in Markdown, from the same allow-list.
func toneName(tone string) string { return strings.TrimPrefix(toneClass(tone), "tone-") }

// engineInfo maps an engineQuote engine to a class and its fixed agent name.
func engineInfo(engine string) (class, agent string) {
	e := strings.ToLower(strings.TrimSpace(engine))
	if agent, ok := map[string]string{"insight": "Insight Agent", "media": "Media Agent", "query": "Query Agent"}[e]; ok {
		return "engine-" + e, agent
	}
	return "engine-other", ""
}

// impactClass maps a SWOT impact or PEST trend tag to a tag class.
func impactClass(tag string) string {
	return cmp.Or(impactClasses[strings.TrimSpace(tag)], "tag-neutral")
}

// impactClasses are the tag classes of the SWOT impacts and PEST trends
// (and their English words) impactClass knows.
var impactClasses = map[string]string{"高": "tag-high", "极高": "tag-high", "中高": "tag-high", "负面影响": "tag-high", "high": "tag-high", "High": "tag-high",
	"中": "tag-mid", "中低": "tag-mid", "不确定": "tag-mid", "持续观察": "tag-mid", "medium": "tag-mid", "Medium": "tag-mid",
	"低": "tag-low", "正面利好": "tag-low", "low": "tag-low", "Low": "tag-low"}

// fontClass maps a font mark's family to one of four generic families.
func fontClass(family string) string {
	f := strings.ToLower(family)
	switch {
	case f == "":
		return ""
	case strings.Contains(f, "mono") || strings.Contains(f, "courier") || strings.Contains(f, "consol"):
		return "font-mono"
	case strings.Contains(f, "kai") || strings.Contains(f, "楷"):
		return "font-kai"
	case strings.Contains(f, "song") || strings.Contains(f, "宋") || strings.Contains(f, "serif") && !strings.Contains(f, "sans"):
		return "font-serif"
	case strings.Contains(f, "sans") || strings.Contains(f, "hei") || strings.Contains(f, "黑") || strings.Contains(f, "yahei"):
		return "font-sans"
	}
	return ""
}

// themeVars are the theme tokens we accept: IR key (or its alternative
// spellings alt and "colors.<key>") → CSS custom property, in the fixed
// order themeCSS writes them. Values must pass ir.IsSafeThemeValue; every
// other key or value is ignored.
var themeVars = []struct{ key, alt, css string }{
	{"primary", "primaryColor", "--primary"},
	{"secondary", "secondaryColor", "--secondary"},
	{"bg", "background", "--bg"},
	{"text", "textColor", "--text"},
	{"card", "cardColor", "--card"},
	{"border", "borderColor", "--border"},
}

// withoutControls returns b without its control characters (C0 but tab,
// line feed and carriage return; DEL; C1), which untrusted text (a
// scraped title, a model's answer) may carry: an escape sequence in
// report.md moves or recolours the terminal that prints it, and HTML
// allows none of them in text. The printable rest of a sequence ("[31m")
// stays, as a reader sees it. b itself when it has none.
func withoutControls(b []byte) []byte {
	if bytes.IndexFunc(b, isControl) < 0 {
		return b
	}
	return []byte(strings.Map(func(r rune) rune {
		if isControl(r) {
			return -1
		}
		return r
	}, string(b)))
}

// isControl reports the control characters withoutControls leaves out.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r <= 0x9f)
}
