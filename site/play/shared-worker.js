// The Web Worker of a shared game's page: Pyodide and the kit from the files the page hands over (nothing
// is fetched), then the student's Python. Before that Python runs, every way out of the worker that is not
// its messages to the page (storage, the network, other workers) is taken from its global scope, and
// Python's `js` module is an empty object: the page only ever hears JSON from here.
const CLOSED = ["fetch", "XMLHttpRequest", "WebSocket", "WebTransport", "EventSource", "importScripts",
  "indexedDB", "caches", "BroadcastChannel", "Worker", "SharedWorker", "RTCPeerConnection", "navigator",
  "localStorage", "sessionStorage", "cookieStore", "webkitRequestFileSystem", "webkitRequestFileSystemSync",
  "webkitResolveLocalFileSystemURL", "webkitResolveLocalFileSystemSyncURL", "open"];
const INDEX = "https://shared-game.invalid/pyodide/";

let page = null;
const post = (message) => self.postMessage(message);
const wanted = (name) => (name.endsWith(".wasm") ? "application/wasm" : name.endsWith(".mjs")
  ? "text/javascript" : "application/octet-stream");

function serve(files) {
  return async (url) => {
    const name = String(url).split("/").pop().split("?")[0];
    if (!(name in files)) throw new Error(`${name} is not part of this page`);
    return new Response(files[name], { headers: { "Content-Type": wanted(name) } });
  };
}

function shut(names) {
  for (const name of names) {
    for (let scope = self; scope; scope = Object.getPrototypeOf(scope)) {
      if (Object.prototype.hasOwnProperty.call(scope, name)) delete scope[name];
    }
    Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false });
  }
}

async function boot({ files, payload }) {
  // This is a classic worker (a module worker cannot start from a file:// page), which Pyodide refuses
  // where importScripts works: nothing here needs it, so it goes first.
  shut(["importScripts"]);
  self.fetch = serve(files);
  const script = (name) => URL.createObjectURL(new Blob([files[name]], { type: "text/javascript" }));
  const { loadPyodide } = await import(script("pyodide.mjs"));
  const asm = await import(script("pyodide.asm.mjs"));
  const pyodide = await loadPyodide({
    indexURL: INDEX, packageBaseUrl: INDEX, createPyodideModule: asm.default, jsglobals: {},
    lockFileContents: new TextDecoder().decode(files["play-lock.json"]), stdout: () => {}, stderr: () => {},
  });
  post({ type: "stage", index: 1 });
  await pyodide.loadPackage(["tictac-nb"], { messageCallback: () => {}, errorCallback: () => {} });
  pyodide.pyimport("tictac_nb.web.page");
  post({ type: "stage", index: 2 });
  shut(CLOSED);
  const sharing = pyodide.pyimport("tictac_nb.web.sharing");
  page = sharing.SharedPage(payload, (json) => post({ type: "push", json }));
  post({ type: "opened", json: page.opened() });
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === "start" && !page) await boot(data);
    else if (data.type === "deal" && page) post({ type: "dealt", json: page.deal(data.request) });
    else if (data.type === "receive" && page) page.receive(data.message);
  } catch (error) {
    post({ type: "failed", words: String(error && error.message ? error.message : error).slice(-300) });
  }
};
