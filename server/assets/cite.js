// Citation marks of the graph viewer: which ids of an answer's
// [Data: …] blocks were not in the context the model was given, so the
// viewer marks them where they stand. The same reading of the blocks as
// the Go side's (graphrag/localsearch ParseCitations and MarkCitations,
// which a test holds this file to): ASCII or full-width brackets and
// colon, "Name (ids)" groups or bare "Name ids" parts separated by ";",
// ids separated by commas, "、", ";" or spaces, "+more" not an id.
(function (root) {
  "use strict";

  var BLOCK = /[\[［【]\s*data\s*[:：]\s*([^\]］】]*)[\]］】]/giu;
  var GROUP = /([\p{L}][\p{L} _-]*?)\s*[(（]([^)）]*)[)）]/gu;
  var BARE = /^\s*([\p{L}][\p{L} _-]*?)\s*[:：]?\s+(#?[\p{N}\p{L}+][^;；]*)$/u;
  var ID = /[^,，、;；\s]+/gu;
  var NOT_IDS = { "+more": true, "more": true, "+": true, "...": true, "…": true };

  // datasetKey is a dataset name as written, lower-cased and singular
  // ("Entities", "entity" → "entity"), so two spellings of one table meet.
  function datasetKey(name) {
    var n = String(name || "").trim().toLowerCase();
    if (/ies$/.test(n)) return n.slice(0, -3) + "y";
    if (/s$/.test(n)) return n.slice(0, -1);
    return n;
  }

  // groups returns [name, idsText, idsOffset] of the groups of a block's
  // inner text (offsets in UTF-16 units from the inner text's start).
  function groups(inner) {
    var out = [], m;
    GROUP.lastIndex = 0;
    while ((m = GROUP.exec(inner))) {
      out.push([m[1], m[2], m.index + m[0].length - 1 - m[2].length]);
    }
    if (out.length) return out;
    var start = 0;
    inner.split(/[;；]/).forEach(function (part) {
      var b = BARE.exec(part);
      if (b) out.push([b[1], b[2], start + part.length - b[2].length]);
      start += part.length + 1;
    });
    return out;
  }

  // citationSegments splits text into segments {text, missing}: missing
  // is true for a cited id that citations (the search summary's, each
  // {dataset, id, in_context}) say was not in the context.
  function citationSegments(text, citations) {
    var bad = {};
    (citations || []).forEach(function (c) {
      if (!c.in_context) bad[datasetKey(c.dataset) + "\u0000" + c.id] = true;
    });
    var segs = [], last = 0, m;
    BLOCK.lastIndex = 0;
    while ((m = BLOCK.exec(text))) {
      var inner = m[1];
      var innerAt = m.index + m[0].length - 1 - inner.length; // the closing bracket is one unit
      groups(inner).forEach(function (g) {
        var name = datasetKey(g[0]), ids = g[1], at = innerAt + g[2], t;
        ID.lastIndex = 0;
        while ((t = ID.exec(ids))) {
          var tok = t[0];
          if (NOT_IDS[tok.toLowerCase()]) continue;
          if (!bad[name + "\u0000" + tok.replace(/^#/, "")]) continue;
          var s = at + t.index, e = s + tok.length;
          if (s > last) segs.push({ text: text.slice(last, s), missing: false });
          segs.push({ text: tok, missing: true });
          last = e;
        }
      });
    }
    if (last < text.length) segs.push({ text: text.slice(last), missing: false });
    return segs;
  }

  root.citationSegments = citationSegments;
})(typeof window !== "undefined" ? window : globalThis);
