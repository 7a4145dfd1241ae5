// verirag's web page: asks the graph through the standard LangGraph API of the server that serves it
// (a thread, then runs/stream with the custom, updates and values stream modes).
// Every text from the documents, the question or the model goes into the page as text (textContent,
// text nodes), never as HTML. Loaded as a module: strict, and nothing leaks into the global scope.

const ASSISTANT = "verirag";
const CHECKER = "verirag-check";
const STAGES = {
  start: "checking the question",
  plan: "planning the question",
  answer_part: "answering a part of the question",
  next_parts: "planning the next parts",
  compose_answer: "composing the answer from its verified parts",
  decide_retrieval: "deciding whether to look things up",
  retrieve: "retrieving documents",
  judge_utility: "selecting the useful documents",
  verify_retrieval: "checking that the documents can answer",
  missing_info_query: "asking for what is missing",
  generate_answer: "writing the answer",
  generate_sentence: "writing the next sentence",
  cite: "citing sources",
  verify_citations: "checking the sentence against its citations",
  verify_memory: "checking the sentence against all documents",
  simplify_citations: "simplifying the citations",
  keep_sentence: "sentence kept",
  evidence_finder: "searching for more evidence",
  grounded_refusal: "checking what the documents do not answer",
  critique_answer: "rating the answer",
  finalize: "finishing",
};
const VERIFIED = {citations: "verified by its citations", memory: "verified against the memory, then cited"};

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);  // strings become text nodes
  return node;
}

// "guide.pdf, p. 7", "notes.md, Install > Linux", "notes.txt"; "" when the source names no file
function whereIs(doc) {
  const name = (doc.source || "").split(/[\\/]/).pop();
  const parts = [/\.[^.]+$/.test(name) ? name : ""];
  if (Number.isInteger(doc.page)) parts.push(`p. ${doc.page}`);
  if (doc.section) parts.push(doc.section);
  return parts.filter(Boolean).join(", ");
}

// clip to the text, drop empty spans, merge overlapping ones, in order
function mergeSpans(spans, length) {
  const sorted = spans.map(([s, e]) => [Math.max(0, s), Math.min(length, e)]).filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

function readContext() {
  const raw = new URLSearchParams(window.location.search).get("context");
  if (!raw) return null;
  const value = JSON.parse(raw);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object");
  return value;
}

class AnswerView {
  constructor() {
    this.reset();
    $("source-close").addEventListener("click", () => this.closeSource());
  }

  reset() {
    this.sentences = [];
    this.documents = {};
    this.numbers = new Map();
    for (const id of ["sentences", "left-out", "cost", "refusal", "error", "plan"]) $(id).replaceChildren();
    $("refusal").hidden = true;
    $("plan").hidden = true;
    $("left-out").hidden = true;
    $("error").hidden = true;
    this.closeSource();
  }

  number(docId) {
    if (!this.numbers.has(docId)) this.numbers.set(docId, this.numbers.size + 1);
    return this.numbers.get(docId);
  }

  addSentence(sentence, documents, inAnswer = true) {
    Object.assign(this.documents, documents || {});
    if (!inAnswer) {  // not verified: left out of the answer, shown apart for inspection
      $("left-out").append(el("li", {class: "left-out", text: sentence.text || ""}));
      $("left-out").hidden = false;
      return;
    }
    this.sentences.push(sentence);
    $("sentences").append(this.renderSentence(sentence, this.sentences.length - 1), " ");
  }

  showRefusal(text) {
    $("refusal").textContent = text;
    $("refusal").hidden = false;
  }

  // the final state is authoritative: same numbering (first citation order), final quotes and documents
  showFinal(values) {
    if (Array.isArray(values.sentences)) {
      const config = values.config || {};
      const drop = config.unverified !== "show" && config.writer !== "answer";
      this.sentences = [];
      this.numbers = new Map(Object.keys(values.documents || {}).map((id, i) => [id, i + 1]));
      this.documents = Object.assign({}, this.documents, values.documents || {});
      $("sentences").replaceChildren();
      $("left-out").replaceChildren();
      $("left-out").hidden = true;
      for (const sentence of values.sentences) {
        this.addSentence(sentence, {}, !(drop && sentence.verified_by === "none"));
      }
    }
    this.showPlan(values.plan || []);
    if (values.refusal) this.showRefusal(values.refusal);
    else if (!this.sentences.length) this.showRefusal("No answer: the documents do not support one.");
  }

  // a question with several parts: each part's question and whether the documents verified it
  showPlan(parts) {
    $("plan").replaceChildren(...parts.map((part) => el("li", {
      class: `part ${part.verified ? "verified" : "unverified"}`,
      text: `${part.question} — ${part.verified ? "✓ verified" : "not answered by the documents"}`})));
    $("plan").hidden = !parts.length;
  }

  renderSentence(sentence, index) {
    const how = VERIFIED[sentence.verified_by];
    const node = el("span", {class: `sentence ${how ? "verified" : "unverified"}`, "data-index": index});
    const text = sentence.text || "";
    const end = text.search(/[.!?]+["')]*$/);
    const body = end >= 0 ? text.slice(0, end) : text;
    node.append(body, (sentence.citations || []).length ? " " : "");
    for (const docId of sentence.citations || []) {
      const n = this.number(docId);
      const button = el("button", {type: "button", class: "cite", text: `[${n}]`, "data-doc": docId,
                                   title: (this.documents[docId] || {}).title || ""});
      button.addEventListener("click", () => this.openSource(docId, sentence, button));
      node.append(button);
    }
    if (end >= 0) node.append(text.slice(end));
    const support = (typeof sentence.support === "number" ? ` (support ${sentence.support.toFixed(2)})` : "")
      + (sentence.decided_by ? `; decided by ${why(sentence)}` : "");
    node.append(el("span", {class: "mark", text: how ? "✓ verified" : "⚠ unverified",
                            title: (how || "not verified against its sources") + support}));
    return node;
  }

  openSource(docId, sentence, button) {
    const doc = this.documents[docId] || {title: "(source not available)", text: ""};
    for (const active of document.querySelectorAll(".cite.active")) active.classList.remove("active");
    button.classList.add("active");
    $("source-title").textContent = `[${this.number(docId)}] ${doc.title || ""}`;
    $("source-where").textContent = whereIs(doc);
    const text = doc.text || "";
    const spans = (sentence.quotes || []).filter((q) => q.doc === docId).map((q) => [q.start, q.end]);
    const parts = [];
    let at = 0;
    for (const [start, end] of mergeSpans(spans, text.length)) {
      parts.push(text.slice(at, start), el("mark", {text: text.slice(start, end)}));
      at = end;
    }
    parts.push(text.slice(at));
    $("source-text").replaceChildren(...parts);
    $("source").hidden = false;
    document.querySelector("main").classList.add("with-source");
    const first = $("source-text").querySelector("mark");
    if (first) first.scrollIntoView({block: "nearest"});
  }

  closeSource() {
    $("source").hidden = true;
    document.querySelector("main").classList.remove("with-source");
    for (const active of document.querySelectorAll(".cite.active")) active.classList.remove("active");
  }

  showCost(usage, seconds) {
    const total = {calls: 0, input_tokens: 0, output_tokens: 0};
    for (const counters of Object.values(usage || {})) {
      for (const key of Object.keys(total)) total[key] += counters[key] || 0;
    }
    $("cost").textContent = `${total.calls} model call(s), ${total.input_tokens} prompt + ` +
      `${total.output_tokens} completion tokens, ${seconds.toFixed(1)} s`;
  }

  showError(message) {
    $("error").textContent = message;
    $("error").hidden = false;
  }
}

// Server-sent events from a fetch() response: yields {event, data} with data parsed as JSON.
async function* events(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), {stream: !done}).replace(/\r\n/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) yield {event, data: JSON.parse(data.join("\n"))};
    }
    if (done) return;
  }
}

async function api(path, body) {
  const response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                      body: JSON.stringify(body)});
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

async function ask(view, question, context) {
  const started = performance.now();
  view.reset();
  const stage = $("stage");
  stage.classList.remove("done");
  stage.textContent = "starting…";
  const thread = await (await api("/threads", {})).json();
  $("answer").setAttribute("data-thread", thread.thread_id);
  const body = {assistant_id: ASSISTANT, input: {question}, stream_mode: ["custom", "updates", "values"]};
  if (context) body.context = context;
  const response = await api(`/threads/${thread.thread_id}/runs/stream`, body);
  let values = null;
  for await (const {event, data} of events(response)) {
    if (event === "custom" && data && data.event === "sentence") {
      view.addSentence(data.sentence, data.documents, data.in_answer !== false);
    } else if (event === "custom" && data && data.event === "refusal") {
      view.showRefusal(data.text);
    } else if (event === "updates" && data) {
      const node = Object.keys(data).find((key) => !key.startsWith("__"));
      if (node) {
        stage.textContent = `${STAGES[node] || node.replace(/_/g, " ")} ✓ — working…`;
        stage.setAttribute("data-node", node);
      }
    } else if (event === "values") {
      values = data;
    } else if (event === "error") {
      throw new Error(data && (data.message || data.error) ? `${data.error || "error"}: ${data.message || ""}`
                                                           : JSON.stringify(data));
    }
  }
  if (!values) throw new Error("the run ended without a result");
  view.showFinal(values);
  view.showCost(values.usage, (performance.now() - started) / 1000);
  stage.textContent = "done";
  stage.classList.add("done");
}

// pasted documents: one per paragraph (blank line between), the first line its title
function pastedDocuments(text) {
  return text.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean).map((block) => {
    const [title, ...rest] = block.split("\n");
    return rest.length ? {title: title.trim(), text: rest.join("\n").trim()} : {title: "", text: title.trim()};
  });
}

// a checked sentence as the answer view shows a sentence: documents are numbered "1".."n"
function asSentence(checked) {
  return {text: checked.text, citations: (checked.citations || []).map(String), support: checked.support,
          verified_by: checked.verdict === "supported" ? "citations" : "none", quotes: checked.quotes || [],
          decided_by: checked.decided_by, found: checked.found};
}

// what settled a sentence, in one line: "key_terms: 1475", "slots: The director … was Victor Fleming."
function why(sentence) {
  const found = (sentence.found || []).find((f) => f.check === sentence.decided_by) || {};
  const detail = (found.terms || []).join(", ") || found.said || "";
  return detail ? `${sentence.decided_by}: ${detail}` : sentence.decided_by;
}

async function check(view, answer, documents) {
  const started = performance.now();
  view.reset();
  const stage = $("stage");
  stage.classList.remove("done");
  stage.textContent = "starting…";
  const numbered = Object.fromEntries(documents.map((doc, i) => [String(i + 1), doc]));
  const thread = await (await api("/threads", {})).json();
  $("answer").setAttribute("data-thread", thread.thread_id);
  const response = await api(`/threads/${thread.thread_id}/runs/stream`, {
    assistant_id: CHECKER, input: {answer, documents}, stream_mode: ["custom", "values"]});
  let values = null;
  let checked = 0;
  for await (const {event, data} of events(response)) {
    if (event === "custom" && data && data.event === "verdict") {
      checked += 1;
      stage.textContent = `${checked} sentence(s) checked — working…`;
    } else if (event === "values") {
      values = data;
    } else if (event === "error") {
      throw new Error(data && data.message ? data.message : JSON.stringify(data));
    }
  }
  if (!values) throw new Error("the check ended without a result");
  const sentences = [...(values.checked || [])].sort((a, b) => a.index - b.index).map(asSentence);
  view.showFinal({sentences, documents: numbered, refusal: values.refusal, config: {unverified: "show"}});
  view.showCost(values.usage, (performance.now() - started) / 1000);
  stage.textContent = "done";
  stage.classList.add("done");
}

function showTab(name) {
  for (const tab of ["ask", "check"]) {
    $(tab).hidden = tab !== name;
    $(`tab-${tab}`).classList.toggle("active", tab === name);
  }
}

function main() {
  const view = new AnswerView();
  let context = null;
  try {
    context = readContext();
  } catch (error) {
    view.showError(`The context URL parameter is not a JSON object: ${error.message}`);
    $("submit").disabled = true;
    return;
  }
  if (context) {
    $("run-context").textContent = `run context: ${JSON.stringify(context)}`;
    $("run-context").hidden = false;
  }
  $("tab-ask").addEventListener("click", () => showTab("ask"));
  $("tab-check").addEventListener("click", () => showTab("check"));
  // a form runs its job with its button disabled; a failure shows as the page's one error line
  const onSubmit = (form, button, job) => $(form).addEventListener("submit", async (event) => {
    event.preventDefault();
    $(button).disabled = true;
    try {
      await job();
    } catch (error) {
      view.showError(error.message);
      $("stage").textContent = "";
    } finally {
      $(button).disabled = false;
    }
  });
  onSubmit("check", "check-submit", async () => {
    const answer = $("check-answer").value.trim();
    const documents = pastedDocuments($("check-documents").value);
    if (answer && documents.length) await check(view, answer, documents);
  });
  onSubmit("ask", "submit", async () => {
    const question = $("question").value.trim();
    if (question) await ask(view, question, context);
  });
}

main();
