import type { MetadataRoute } from "next";

// The web app manifest (/manifest.webmanifest): on an iPhone or iPad, notifications work only for
// a web app added to the home screen, and Safari adds it as an app only with this.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Product Studio",
    short_name: "Studio",
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/notification-icon.png", sizes: "192x192", type: "image/png" },
    ],
  };
}
