// A browser's part in a company sign-in, for tests without one: follows the provider's redirects
// with its cookies, fills its sign-in form, and stops at the app's callback address.

export async function signInAtProvider(
  authorizationUrl: string,
  person: { email: string; password: string } | "cancel",
  callbackPrefix: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookie(), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ?? undefined,
    });
    keep(response);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      form = null;
      continue;
    }
    if (response.status !== 200 || form)
      throw new Error(`provider answered ${response.status}: ${await response.text()}`);
    // The sign-in form: send it to where it posts.
    const action = /action="([^"]+)"/.exec(await response.text())?.[1];
    if (!action) throw new Error("no sign-in form");
    url = new URL(action, url).href;
    form = person === "cancel" ? new URLSearchParams({ cancel: "1" }) : new URLSearchParams(person);
  }
  throw new Error("too many redirects at the provider");
}
