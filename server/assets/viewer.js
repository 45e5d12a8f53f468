// reportengine graph viewer. Every piece of graph or answer text goes into
// the page as text (textContent, text nodes, DOM tooltips), never as HTML;
// links are made only for http(s) URLs. The page's Content-Security-Policy
// allows this file and the vendored vis-network, nothing inline.
(function () {
  "use strict";

  var body = document.body;
  var reportId = body.dataset.reportId || "";
  var params = new URLSearchParams(location.search);
  var limit = parseInt(params.get("limit"), 10) || parseInt(body.dataset.limit, 10) || 3000;
  var searchEnabled = body.dataset.search === "true";

  // Styles by node type (reference §3.5); other types are grey dots.
  var GROUPS = {
    topic: { color: "#e74c3c", shape: "dot", size: 30, name: "主题" },
    engine: { color: "#f39c12", shape: "diamond", size: 25, name: "引擎" },
    section: { color: "#2ecc71", shape: "dot", size: 15, name: "段落" },
    search_query: { color: "#3498db", shape: "triangle", size: 15, name: "搜索词" },
    source: { color: "#9b59b6", shape: "square", size: 15, name: "来源" }
  };
  var OTHER = { color: "#95a5a6", shape: "dot", size: 12, name: "其他" };
  var HIGHLIGHT = "#f1c40f";

  var nodes = new vis.DataSet();
  var edges = new vis.DataSet();
  var info = new Map(); // node id → node object from the API
  var hiddenTypes = new Set(listParam("hide"));
  var hiddenEngines = new Set(listParam("hide_engine"));
  var network = null;
  var loadedId = "";
  var history = [];

  function $(id) { return document.getElementById(id); }
  function listParam(name) {
    return (params.get(name) || "").split(",").map(function (x) { return x.trim(); }).filter(Boolean);
  }
  // Counts for the page's state attributes (read by tests and scripts).
  function noteCounts() {
    body.dataset.nodes = String(nodes.length);
    body.dataset.visible = String(nodeView.length);
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function status(text) { $("status").textContent = text; }
  function styleOf(group) { return Object.prototype.hasOwnProperty.call(GROUPS, group) ? GROUPS[group] : OTHER; }
  function shortLabel(s) { s = String(s); return Array.from(s).length > 20 ? Array.from(s).slice(0, 19).join("") + "..." : s; }
  function safeURL(u) {
    try {
      var p = new URL(String(u), location.href);
      return (p.protocol === "http:" || p.protocol === "https:") ? p.href : "";
    } catch (e) { return ""; }
  }
  function apiGraphPath() { return "/api/graph/" + encodeURIComponent(loadedId || reportId || "latest"); }

  // engines a node belongs to: its "engine" property, its "engines" list,
  // or its own id for an engine node.
  function enginesOf(n) {
    var out = [];
    var p = n.properties || {};
    if (typeof p.engine === "string" && p.engine) out.push(p.engine);
    if (Array.isArray(p.engines)) p.engines.forEach(function (e) { if (typeof e === "string" && out.indexOf(e) < 0) out.push(e); });
    if (n.group === "engine" && out.indexOf(n.id) < 0) out.push(n.id);
    return out;
  }

  function tooltip(text) {
    var d = el("div", text);
    d.style.whiteSpace = "pre-line";
    return d;
  }

  function visNode(n) {
    var st = styleOf(n.group);
    return {
      id: n.id, label: shortLabel(n.label || n.id), group: n.group, title: tooltip(n.title || n.label || n.id),
      shape: st.shape, size: st.size, color: { background: st.color, border: st.color },
      font: { size: 12, color: "#1f2933" }
    };
  }

  function addGraph(g) {
    (g.nodes || []).forEach(function (n) { info.set(n.id, n); });
    nodes.update((g.nodes || []).map(visNode));
    edges.update((g.edges || []).map(function (e) {
      return { id: e.id, from: e.from, to: e.to, arrows: "to", color: { color: "#bcccdc" } };
    }));
    buildFilters();
    if (typeof nodeView !== "undefined") noteCounts();
  }

  function visible(n) {
    var data = info.get(n.id);
    if (!data) return true;
    if (hiddenTypes.has(data.group)) return false;
    var engs = enginesOf(data);
    if (engs.length && engs.every(function (e) { return hiddenEngines.has(e); })) return false;
    return true;
  }

  var nodeView = new vis.DataView(nodes, { filter: visible });

  function showStats(stats, g) {
    var dl = $("stats");
    dl.replaceChildren();
    var rows = [["节点", stats.total_nodes], ["边", stats.total_edges]];
    ["topic", "engine", "section", "search_query", "source"].forEach(function (t) { rows.push([GROUPS[t].name, stats[t] || 0]); });
    Object.keys(stats).sort().forEach(function (k) {
      if (k !== "total_nodes" && k !== "total_edges" && !GROUPS[k]) rows.push([k, stats[k]]);
    });
    if (g.truncated) rows.push(["已显示", (g.nodes || []).length + " / " + stats.total_nodes]);
    rows.forEach(function (r) { dl.append(el("dt", r[0]), el("dd", r[1])); });
  }

  function checkbox(label, color, checked, onChange) {
    var l = el("label", null, "filter");
    var c = document.createElement("input");
    c.type = "checkbox";
    c.checked = checked;
    c.defaultChecked = checked; // also the attribute, so the state shows in the DOM
    c.addEventListener("change", function () { onChange(c.checked); nodeView.refresh(); noteCounts(); });
    var sw = el("span", null, "swatch");
    if (color) sw.style.background = color;
    l.append(c, sw, document.createTextNode(label));
    return l;
  }

  function buildFilters() {
    var types = new Set(), engines = new Set();
    info.forEach(function (n) { types.add(n.group); enginesOf(n).forEach(function (e) { engines.add(e); }); });
    var tf = $("type-filters");
    tf.replaceChildren();
    Array.from(types).sort().forEach(function (t) {
      var st = styleOf(t);
      tf.append(checkbox((GROUPS[t] ? st.name + " " : "") + t, st.color, !hiddenTypes.has(t), function (on) {
        if (on) hiddenTypes.delete(t); else hiddenTypes.add(t);
      }));
    });
    var ef = $("engine-filters");
    ef.replaceChildren();
    Array.from(engines).sort().forEach(function (e) {
      ef.append(checkbox(e, null, !hiddenEngines.has(e), function (on) {
        if (on) hiddenEngines.delete(e); else hiddenEngines.add(e);
      }));
    });
  }

  function valueNode(v) {
    if (v === null || v === undefined) return el("span", "null", "hint");
    if (typeof v === "object") return el("pre", JSON.stringify(v, null, 2));
    return document.createTextNode(String(v));
  }

  // A node's large properties (listed in "omitted") come from /node.
  function showNode(id) {
    var n = info.get(id);
    if (n && n.omitted && n.omitted.length && !n.full) {
      renderNode(n);
      fetch(apiGraphPath() + "/node?node=" + encodeURIComponent(id), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (j) {
          if (!j || !j.success) return;
          j.node.full = true;
          info.set(id, j.node);
          if (body.dataset.selected === id) renderNode(j.node);
        })
        .catch(function () {});
      return;
    }
    renderNode(n);
  }

  function renderNode(n) {
    var id = n ? n.id : "";
    var dl = $("properties");
    dl.replaceChildren();
    var actions = $("detail-actions");
    actions.replaceChildren();
    if (!n) return;
    body.dataset.selected = id;
    var rows = [["id", n.id], ["label", n.label], ["type", n.group], ["degree", n.degree]];
    rows.forEach(function (r) { dl.append(el("dt", r[0]), el("dd", r[1])); });
    var props = n.properties || {};
    Object.keys(props).forEach(function (k) {
      var dd = el("dd");
      var v = props[k];
      var href = (k === "url" && typeof v === "string") ? safeURL(v) : "";
      if (href) {
        var a = el("a", v);
        a.href = href;
        a.target = "_blank";
        a.rel = "noopener noreferrer";
        dd.append(a);
      } else {
        dd.append(valueNode(v));
      }
      dl.append(el("dt", k), dd);
    });
    var b = el("button", "展开邻居");
    b.type = "button";
    b.addEventListener("click", function () { expand(id); });
    actions.append(b);
    if (n.omitted && n.omitted.length && !n.full) dl.append(el("dd", "正在加载：" + n.omitted.join(", "), "hint"));
  }

  function expand(id) {
    status("正在展开…");
    fetch(apiGraphPath() + "/neighbors?node=" + encodeURIComponent(id) + "&depth=1", { credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (res) {
        if (!res.ok || !res.j.success) throw new Error(res.j.message || "expand failed");
        addGraph(res.j.graph);
        body.dataset.expanded = id;
        status("已展开 " + res.j.graph.nodes.length + " 个节点" + (res.j.graph.truncated ? "（已截断）" : ""));
      })
      .catch(function (e) { status("展开失败：" + e.message); });
  }

  function labelSearch() {
    var q = $("label-search").value.trim().toLowerCase();
    var out = $("search-result");
    if (!q) { out.textContent = ""; if (network) network.unselectAll(); return; }
    var hits = [];
    info.forEach(function (n) { if (String(n.label || "").toLowerCase().indexOf(q) >= 0) hits.push(n.id); });
    out.textContent = hits.length + " 个匹配";
    if (network) {
      network.selectNodes(hits.filter(function (id) { return nodeView.get(id); }));
      if (hits.length) network.focus(hits[0], { scale: 1.2, animation: false });
    }
  }

  function highlight(ids) {
    var upd = [];
    info.forEach(function (n) {
      var st = styleOf(n.group);
      var on = ids.has(n.id);
      upd.push({ id: n.id, color: { background: on ? HIGHLIGHT : st.color, border: on ? "#b7950b" : st.color }, borderWidth: on ? 4 : 1 });
    });
    nodes.update(upd);
    if (network && ids.size) network.selectNodes(Array.from(ids).filter(function (id) { return nodeView.get(id); }));
  }

  // Cited entities that the limited graph does not hold are fetched alone.
  function ensureNodes(ids) {
    var missing = ids.filter(function (id) { return !info.has(id); });
    return Promise.all(missing.map(function (id) {
      return fetch(apiGraphPath() + "/neighbors?node=" + encodeURIComponent(id) + "&depth=0", { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (j) { if (j && j.success) addGraph(j.graph); })
        .catch(function () {});
    }));
  }

  function startNetwork() {
    var groups = {};
    Object.keys(GROUPS).forEach(function (k) { groups[k] = { color: GROUPS[k].color, shape: GROUPS[k].shape, size: GROUPS[k].size }; });
    network = new vis.Network($("graph"), { nodes: nodeView, edges: edges }, {
      groups: groups,
      interaction: { hover: true, tooltipDelay: 150 },
      physics: { stabilization: { iterations: 150 }, barnesHut: { gravitationalConstant: -8000, springLength: 120 } },
      edges: { smooth: false, width: 1 }
    });
    network.on("click", function (p) { if (p.nodes.length) showNode(p.nodes[0]); });
    network.on("doubleClick", function (p) { if (p.nodes.length) expand(p.nodes[0]); });
    network.once("afterDrawing", function () { body.dataset.state = "ready"; });
  }

  function load() {
    var url = "/api/graph/" + encodeURIComponent(reportId || "latest") + "?limit=" + limit;
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (res) {
        if (!res.ok || !res.j.success) throw new Error(res.j.message || "HTTP error");
        loadedId = res.j.report_id || reportId;
        var g = res.j.graph;
        addGraph(g);
        showStats(g.stats || {}, g);
        noteCounts();
        status("图谱 " + loadedId + "：" + g.nodes.length + " 个节点，" + g.edges.length + " 条边" + (g.truncated ? "（按连接度截取）" : ""));
        startNetwork();
        var sel = params.get("select");
        if (sel && info.has(sel)) { showNode(sel); network.selectNodes([sel]); }
        var q = params.get("q");
        if (q) { $("label-search").value = q; labelSearch(); }
        var ex = params.get("expand");
        if (ex) expand(ex);
        var ask = params.get("ask");
        if (ask && searchEnabled) { $("question").value = ask; askQuestion(); }
      })
      .catch(function (e) {
        status("尚无图谱（" + e.message + "），5 秒后重试…");
        setTimeout(load, 5000);
      });
  }

  function loadGraphList() {
    fetch("/api/graphs", { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (j) {
        var s = $("graph-select");
        s.replaceChildren();
        var first = el("option", "最新图谱");
        first.value = "";
        s.append(first);
        (j.graphs || []).forEach(function (g) {
          var o = el("option", g.id + " (" + g.nodes + ")");
          o.value = g.id;
          if (g.id === reportId) o.selected = true;
          s.append(o);
        });
        s.addEventListener("change", function () {
          location.href = "/graph-viewer" + (s.value ? "/" + encodeURIComponent(s.value) : "");
        });
      })
      .catch(function () {});
  }

  // --- question box: POST /api/search, read the server-sent events ------

  function parseSSE(buffer, onEvent) {
    var blocks = buffer.split(/\r?\n\r?\n/);
    var rest = blocks.pop();
    blocks.forEach(function (b) {
      var ev = "message", data = [];
      b.split(/\r?\n/).forEach(function (line) {
        if (line.indexOf("event:") === 0) ev = line.slice(6).trim();
        else if (line.indexOf("data:") === 0) data.push(line.slice(5).replace(/^ /, ""));
      });
      if (data.length) {
        var payload;
        try { payload = JSON.parse(data.join("\n")); } catch (e) { payload = { text: data.join("\n") }; }
        onEvent(ev, payload);
      }
    });
    return rest;
  }

  function askQuestion() {
    var q = $("question").value.trim();
    if (!q) return;
    var answer = $("answer"), meta = $("answer-meta"), cites = $("citations"), follow = $("followups");
    answer.textContent = "";
    answer.dataset.state = "streaming";
    meta.textContent = "正在检索…";
    $("context-meta").textContent = "";
    cites.replaceChildren();
    follow.replaceChildren();
    $("ask-button").disabled = true;
    var reqBody = { question: q, history: history.slice(-6) };
    if (loadedId || reportId) reqBody.report_id = loadedId || reportId;
    var text = "";
    var failed = false;
    fetch("/api/search", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
      body: JSON.stringify(reqBody)
    }).then(function (r) {
      if (!r.ok || !r.body) {
        return r.json().then(function (j) { throw new Error(j.message || ("HTTP " + r.status)); });
      }
      var reader = r.body.getReader(), dec = new TextDecoder(), buf = "";
      function onEvent(ev, p) {
        if (ev === "context") {
          $("context-meta").textContent = contextText(p);
          meta.textContent = "正在生成回答…";
        } else if (ev === "chunk") {
          text += p.text || "";
          answer.textContent = text;
        } else if (ev === "reset") {
          // the chunks so far were the model's reasoning, not the answer
          text = "";
          answer.textContent = "";
        } else if (ev === "summary") {
          // the chunks mark cited ids not in the context in their text; the
          // response is the answer unmarked, which cite.js marks in place
          if (p.response) { text = p.response; answer.textContent = text; }
          if (p.no_match && !text) answer.textContent = "没有与问题匹配的实体：未调用模型。";
          else if (text) renderAnswer(answer, text, p.citations);
          showCitations(p);
          meta.textContent = summaryText(p);
        } else if (ev === "error") {
          failed = true;
          answer.dataset.state = "error";
          answer.textContent = text + (text ? "\n\n" : "") + "错误：" + (p.message || "unknown");
        }
      }
      function pump() {
        return reader.read().then(function (res) {
          if (res.done) { buf = parseSSE(buf + "\n\n", onEvent); return; }
          buf = parseSSE(buf + dec.decode(res.value, { stream: true }), onEvent);
          return pump();
        });
      }
      return pump();
    }).then(function () {
      if (!failed) {
        answer.dataset.state = "done";
        history.push({ role: "user", content: q }, { role: "assistant", content: text });
        followups();
      }
    }).catch(function (e) {
      answer.dataset.state = "error";
      answer.textContent = "错误：" + e.message;
      meta.textContent = "";
    }).then(function () { $("ask-button").disabled = false; });
  }

  // renderAnswer shows the answer as text, with each cited id that was
  // not in the context marked where it stands (cite.js).
  function renderAnswer(answer, text, citations) {
    var segs = typeof window.citationSegments === "function" ? window.citationSegments(text, citations) : [{ text: text }];
    answer.replaceChildren();
    segs.forEach(function (s) {
      if (!s.missing) { answer.append(document.createTextNode(s.text)); return; }
      var m = el("mark", s.text, "missing");
      m.title = "上下文中没有这条记录";
      answer.append(m);
    });
  }

  function contextText(p) {
    var parts = [];
    var counts = p.counts || {};
    Object.keys(counts).sort().forEach(function (k) { parts.push(k + " " + counts[k]); });
    var method = p.method === "global" ? "全局检索（社区报告 " + (p.batches || 0) + " 批）· " : "";
    return method + "上下文：" + (parts.length ? parts.join("，") : "无");
  }

  function summaryText(p) {
    var parts = [];
    if (typeof p.llm_calls === "number") parts.push("模型调用 " + p.llm_calls);
    if (typeof p.prompt_tokens === "number") parts.push("输入 " + p.prompt_tokens + " tokens");
    if (typeof p.output_tokens === "number") parts.push("输出 " + p.output_tokens + " tokens");
    if (typeof p.completion_time === "number") parts.push(p.completion_time.toFixed(2) + " s");
    if (p.extractive) parts.push("摘录式（离线模型）");
    if (p.no_match) parts.push("没有匹配的实体，未调用模型");
    if (p.no_data) parts.push("社区报告中没有相关内容");
    return parts.join(" · ");
  }

  // Each citation names its table and id; resolved ones carry the graph
  // nodes of the cited record, which are highlighted.
  function showCitations(p) {
    var cites = $("citations");
    cites.replaceChildren();
    var ids = [];
    (p.citations || []).forEach(function (c) {
      var nodesOf = Array.isArray(c.node_ids) ? c.node_ids : [];
      var li = el("li", "[" + (c.dataset || c.table || "") + " " + (c.id || "") + "] " + (c.title || (c.in_context ? "" : "（上下文中没有这条记录）")), c.in_context ? "" : "missing");
      nodesOf.forEach(function (id) { if (ids.indexOf(id) < 0) ids.push(id); });
      if (nodesOf.length) {
        li.addEventListener("click", function () {
          var id = nodesOf[0];
          if (network && nodeView.get(id)) { network.selectNodes(nodesOf.filter(function (x) { return nodeView.get(x); })); network.focus(id, { scale: 1.2 }); }
          showNode(id);
        });
      }
      cites.append(li);
    });
    ensureNodes(ids).then(function () {
      highlight(new Set(ids));
      body.dataset.highlighted = String(ids.length);
    });
  }

  function followups() {
    var reqBody = { count: 3, history: history.slice(-6).filter(function (m) { return m.role === "user"; }).map(function (m) { return m.content; }) };
    if (loadedId || reportId) reqBody.report_id = loadedId || reportId;
    fetch("/api/questions", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(reqBody)
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (j) {
      if (!j || !j.success) return;
      var f = $("followups");
      f.replaceChildren();
      (j.questions || []).forEach(function (q) {
        var b = el("button", q, "secondary");
        b.type = "button";
        b.addEventListener("click", function () { $("question").value = q; askQuestion(); });
        f.append(b);
      });
      body.dataset.followups = String((j.questions || []).length);
    }).catch(function () {});
  }

  $("label-search").addEventListener("input", labelSearch);
  $("ask-form").addEventListener("submit", function (e) { e.preventDefault(); askQuestion(); });
  if (!searchEnabled) $("ask").hidden = true;
  loadGraphList();
  load();
})();
