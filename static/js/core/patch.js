// RFC 6902 JSON Patch for the views the server streams.
// applyPatch() never mutates its input: it works on a deep copy and returns the new
// document, so a failed op (bad path, failed "test") leaves the caller's view intact
// and the caller can ask the server for a full state instead.

export class PatchError extends Error {}

/** Splits an RFC 6901 JSON Pointer into unescaped reference tokens. */
export function parsePointer(pointer) {
  if (pointer === "") return [];
  if (typeof pointer !== "string" || pointer[0] !== "/") {
    throw new PatchError(`Invalid JSON Pointer: ${JSON.stringify(pointer)}`);
  }
  return pointer.slice(1).split("/").map((tok) => tok.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !deepEqual(a[k], b[k])) return false;
  return true;
}

function arrayIndex(arr, tok, { allowEnd }) {
  if (tok === "-") {
    if (allowEnd) return arr.length;
    throw new PatchError("'-' is only valid for add");
  }
  if (!/^(0|[1-9][0-9]*)$/.test(tok)) throw new PatchError(`Bad array index '${tok}'`);
  const i = Number(tok);
  if (i > arr.length || (!allowEnd && i >= arr.length)) throw new PatchError(`Array index ${i} out of range`);
  return i;
}

/** Returns [parent, lastToken] for a pointer inside doc; throws if the parent is missing. */
function locate(doc, tokens) {
  let node = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const tok = tokens[i];
    if (Array.isArray(node)) node = node[arrayIndex(node, tok, { allowEnd: false })];
    else if (node !== null && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, tok)) node = node[tok];
    else throw new PatchError(`Path not found at '${tok}'`);
  }
  if (node === null || typeof node !== "object") throw new PatchError("Parent is not a container");
  return [node, tokens[tokens.length - 1]];
}

function getValue(doc, tokens) {
  let node = doc;
  for (const tok of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, tok, { allowEnd: false })];
    else if (node !== null && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, tok)) node = node[tok];
    else throw new PatchError(`Path not found at '${tok}'`);
  }
  return node;
}

/** Sets an own property; plain assignment to "__proto__" would change the prototype instead. */
function setKey(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

function addValue(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const [parent, key] = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, { allowEnd: true }), 0, value);
  else setKey(parent, key, value);
  return doc;
}

function removeValue(doc, tokens) {
  if (tokens.length === 0) throw new PatchError("Cannot remove the whole document");
  const [parent, key] = locate(doc, tokens);
  let old;
  if (Array.isArray(parent)) {
    const i = arrayIndex(parent, key, { allowEnd: false });
    old = parent.splice(i, 1)[0];
  } else {
    if (!Object.prototype.hasOwnProperty.call(parent, key)) throw new PatchError(`Nothing to remove at '${key}'`);
    old = parent[key];
    delete parent[key];
  }
  return [doc, old];
}

function replaceValue(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const [parent, key] = locate(doc, tokens);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, { allowEnd: false })] = value;
  else {
    if (!Object.prototype.hasOwnProperty.call(parent, key)) throw new PatchError(`Nothing to replace at '${key}'`);
    setKey(parent, key, value);
  }
  return doc;
}

/** Applies one op to doc (mutating it) and returns the resulting document. */
export function applyOp(doc, op) {
  if (!op || typeof op !== "object") throw new PatchError("Op must be an object");
  const path = parsePointer(op.path);
  switch (op.op) {
    case "add":
      if (!("value" in op)) throw new PatchError("add needs a value");
      return addValue(doc, path, clone(op.value));
    case "remove":
      return removeValue(doc, path)[0];
    case "replace":
      if (!("value" in op)) throw new PatchError("replace needs a value");
      return replaceValue(doc, path, clone(op.value));
    case "move": {
      const from = parsePointer(op.from);
      if (op.from === op.path) return doc;
      if (op.path.startsWith(op.from + "/")) throw new PatchError("Cannot move a value into itself");
      const [after, value] = removeValue(doc, from);
      return addValue(after, path, value);
    }
    case "copy":
      return addValue(doc, path, clone(getValue(doc, parsePointer(op.from))));
    case "test":
      if (!deepEqual(getValue(doc, path), op.value)) throw new PatchError(`test failed at '${op.path}'`);
      return doc;
    default:
      throw new PatchError(`Unknown op '${op.op}'`);
  }
}

/** Returns a new document with every op applied, or throws PatchError (input untouched). */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("A patch is a list of ops");
  let out = clone(doc);
  for (const op of ops) out = applyOp(out, op);
  return out;
}
