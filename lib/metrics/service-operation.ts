// The service operation a call is counted under: its method and the interface's path with ids
// replaced, e.g. `GET /prediction/{id}`. Bounded: anything else is `other`.

const RESOURCES = new Set(["template", "product", "prediction"]);
const ACTIONS = new Set(["generate-lora"]);

export function serviceOperation(method: string, url: string, prefix: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return "other";
  }
  if (!pathname.startsWith(`${prefix}/`)) return "other";
  const segments = pathname.slice(prefix.length + 1).split("/");
  const [resource, id, action, ...rest] = segments;
  if (!RESOURCES.has(resource) || rest.length > 0) return "other";
  let pattern = `/${resource}/`;
  if (id) pattern += "{id}";
  if (action !== undefined) {
    if (!id || !ACTIONS.has(action)) return "other";
    pattern += `/${action}`;
  }
  return `${method === "POST" ? "POST" : "GET"} ${pattern}`;
}
