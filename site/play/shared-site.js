// The site's shared page: the game is the link's fragment (never sent to any server), Python and the kit
// are the site's own files (static/pyodide), read here and handed to the page's worker.
import board, { pageModel } from "./board.js";
import { start } from "./shared.js";

const base = new URL("../static/pyodide/", location.href);
async function read(name) {
  const url = name === "shared-worker.js" ? new URL(name, location.href) : new URL(name, base);
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${name} is missing from the site (${answer.status})`);
  return answer.arrayBuffer();
}

let payload = location.hash.slice(1);
try { payload = decodeURIComponent(payload); } catch { payload = "%"; }
start({ board, pageModel, read, payload });
