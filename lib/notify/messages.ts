import "server-only";
import {
  campaignLink,
  galleryLink,
  predictionLink,
  productLink,
  reviewLink,
  settingsLink,
  usageLink,
} from "@/lib/app-links";

// The words of each notification, once for every channel: the bell's title and line, the email,
// and the `text` a chat webhook (Slack, Teams) shows as the message (`chat`).

export interface ShotSummary {
  id: string;
  prompt: string;
  aspectRatio: string | null;
  images: string[];
}

export interface Message {
  title: string;
  line: string;
  /** Path inside the app, for the bell. */
  path: string;
  /** Absolute link, for emails and webhooks. */
  url: string;
  subject: string;
  text: string;
  html: string;
  /** The webhook's `text`: the line and its link, with what people typed escaped for chat markup. */
  chat: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * Text people typed (product and campaign names, prompts, a share-link visitor's name), made inert
 * for Slack's markup (and Teams', which reads the same): `<!channel>`, `<https://evil|Log in here>`
 * and `<@U123>` are markup only through <, > and &, which Slack asks to be sent as entities.
 */
export const chatEscape = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] ?? c);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function page(heading: string, paragraphs: string[], link: { url: string; label: string }, withThumb: boolean): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join("");
  const thumb = withThumb
    ? `<p style="margin:0 0 16px"><img src="cid:thumb" alt="" width="240" style="border-radius:8px"></p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:520px">
<h1 style="font-size:20px">${escape(heading)}</h1>${thumb}${body}
<p><a href="${escape(link.url)}" style="background:#18181b;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="color:#71717a;font-size:12px">You get this email because of your choices in <a href="${escape(settingsLink())}">Product Studio settings</a>.</p>
</body></html>`;
}

const footer = () => `\n\nChange which emails you get: ${settingsLink()}`;

export function trainingFinished(product: { id: string; name: string }): Message {
  const url = productLink(product.id);
  const line = `“${product.name}” is ready for shots.`;
  return {
    chat: `“${chatEscape(product.name)}” is ready for shots. ${url}`,
    title: "Training finished",
    line,
    path: `/products/${encodeURIComponent(product.id)}`,
    url,
    subject: `“${product.name}” is ready for shots`,
    text: `The training of “${product.name}” has finished: you can now generate its product shots.\n\nOpen it: ${url}${footer()}`,
    html: page(
      `“${product.name}” is ready for shots`,
      [`The training of <b>${escape(product.name)}</b> has finished: you can now generate its product shots.`],
      { url, label: "Generate shots" },
      false,
    ),
  };
}

export function shotsReady(product: { id: string; name: string }, shots: ShotSummary[]): Message {
  const images = shots.reduce((n, s) => n + s.images.length, 0);
  const single = shots.length === 1 ? shots[0] : null;
  const url = single ? predictionLink(single.id) : galleryLink(product.id);
  const prompts = [...new Set(shots.map((s) => s.prompt))];
  const subject = `${plural(images, "image")} of “${product.name}” ready`;
  const promptWords = prompts.map((p) => `“${p}”`).join(", ");
  return {
    chat: `${plural(images, "image")} of “${chatEscape(product.name)}”: ${prompts.map((p) => `“${chatEscape(p)}”`).join(", ")} ${url}`,
    title: "Shots ready",
    line: `${plural(images, "image")} of “${product.name}”: ${promptWords}`,
    path: single
      ? `/predictions/${encodeURIComponent(single.id)}`
      : `/gallery?product_id=${encodeURIComponent(product.id)}`,
    url,
    subject,
    text: `${plural(images, "image")} of “${product.name}” are ready.\nPrompt: ${promptWords}\n\nSee them: ${url}${footer()}`,
    html: page(
      subject,
      [
        `${plural(images, "image")} of <b>${escape(product.name)}</b> are ready.`,
        `Prompt: ${prompts.map((p) => `“${escape(p)}”`).join(", ")}`,
      ],
      { url, label: single ? "See the shot" : "See the shots" },
      true,
    ),
  };
}

export function reviewDigest(awaiting: number): Message {
  const url = reviewLink();
  const subject = `${plural(awaiting, "image")} await${awaiting === 1 ? "s" : ""} your review`;
  return {
    chat: `${subject} ${url}`,
    title: "Daily review",
    line: subject,
    path: "/review",
    url,
    subject,
    text: `${subject} in Product Studio.\n\nReview them: ${url}${footer()}`,
    html: page(subject, [`${escape(subject)} in Product Studio.`], { url, label: "Open the review queue" }, false),
  };
}

export function shotReviewed(
  product: { id: string; name: string | null },
  shot: { id: string; prompt: string },
  status: "approved" | "rejected",
  by: string,
): { text: string; url: string } {
  const url = predictionLink(shot.id);
  const name = product.name ? `“${chatEscape(product.name)}”` : "a product made outside this app";
  // For the webhook only: every typed piece escaped (`by` may be "via link: <a visitor's name>").
  return { text: `${chatEscape(by)} ${status} a shot of ${name} (“${chatEscape(shot.prompt)}”): ${url}`, url };
}

/** A campaign came to its end: how many of its shots were made, and how many failed. */
export function campaignFinished(
  campaign: { id: string; name: string },
  counts: { total: number; done: number; failed: number },
): Message {
  const url = campaignLink(campaign.id);
  const made = `${counts.done} of ${plural(counts.total, "shot")} made`;
  const failed = counts.failed > 0 ? `, ${counts.failed} failed` : "";
  const subject = `Campaign “${campaign.name}” finished: ${made}${failed}`;
  return {
    chat: `“${chatEscape(campaign.name)}”: ${made}${failed}. ${url}`,
    title: "Campaign finished",
    line: `“${campaign.name}”: ${made}${failed}.`,
    path: `/campaigns/${encodeURIComponent(campaign.id)}`,
    url,
    subject,
    text: `${subject}.\n\nSee it and review its shots: ${url}${footer()}`,
    html: page(
      `Campaign “${campaign.name}” finished`,
      [
        `${escape(made)}${escape(failed)}.`,
        counts.failed > 0
          ? "Failed shots can be sent again from the campaign's page."
          : "Its shots wait for review in the review queue.",
      ],
      { url, label: "Open the campaign" },
      false,
    ),
  };
}

/** A campaign that paused at a budget goes on by itself: its budget allows again (a new month, a raised limit). */
export function campaignResumed(campaign: { id: string; name: string }): Message {
  const url = campaignLink(campaign.id);
  const line = `“${campaign.name}” goes on: its monthly budget allows its shots again.`;
  const subject = `Campaign “${campaign.name}” resumed`;
  return {
    chat: `“${chatEscape(campaign.name)}” goes on: its monthly budget allows its shots again. ${url}`,
    title: "Campaign resumed",
    line,
    path: `/campaigns/${encodeURIComponent(campaign.id)}`,
    url,
    subject,
    text: `${line}\n\nFollow it: ${url}${footer()}`,
    html: page(subject, [escape(line)], { url, label: "Open the campaign" }, false),
  };
}

/** A monthly budget is 80 % used: said once a month to the person whose it is, and to the admins. */
export function budgetNear(
  whose: string,
  kind: "shots" | "trainings",
  used: number,
  limit: number,
  resets: string,
): Message {
  const url = usageLink();
  const subject = `${whose} ${used} of ${limit} ${kind} this month`;
  const line = `${subject}: ${limit - used} left until ${resets}.`;
  return {
    chat: `${chatEscape(line)} ${url}`,
    title: "Budget nearly used",
    line,
    path: "/usage",
    url,
    subject,
    text: `${line}\n\nSee the usage: ${url}${footer()}`,
    html: page(subject, [escape(line)], { url, label: "See the usage" }, false),
  };
}
