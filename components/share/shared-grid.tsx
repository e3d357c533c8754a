import Image from "next/image";
import type { PredictionView } from "@/lib/types";

// The images of a share link as a plain grid of thumbnails (served by the link's own image
// route), each captioned with its prompt; a click opens the larger copy.

const RATIO_CSS: Record<string, string> = { "16:9": "16 / 9", "3:2": "3 / 2", "5:4": "5 / 4", "1:1": "1 / 1", "4:5": "4 / 5", "2:3": "2 / 3", "9:16": "9 / 16" };

export function SharedGrid({ items }: { items: PredictionView[] }) {
  const shots = items.flatMap((p) => p.images.map((src, i) => ({ key: `${p.id}-${i}`, src, prediction: p })));
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Shared shots">
      {shots.map(({ key, src, prediction }) => (
        <li key={key}>
          <figure className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
            <a href={`${src}&w=960`} className="block focus-visible:outline-2 focus-visible:outline-brand-600">
              <div className="relative w-full bg-zinc-100" style={{ aspectRatio: RATIO_CSS[prediction.aspect_ratio ?? ""] ?? "1 / 1" }}>
                <Image src={`${src}&w=480`} alt={prediction.prompt} fill sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw" className="object-cover" />
              </div>
            </a>
            <figcaption className="line-clamp-2 px-3 py-2 text-xs text-zinc-700">{prediction.prompt}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
