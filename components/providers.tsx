"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { OutageBanner } from "@/components/status/outage-banner";
import { ToastViewport } from "@/components/ui/toast";
import { noteFailure } from "@/hooks/use-outage";

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        // A 503 anywhere (a part of the studio away) shows the banner until it is back.
        queryCache: new QueryCache({ onError: noteFailure }),
        mutationCache: new MutationCache({ onError: noteFailure }),
        defaultOptions: {
          queries: { staleTime: 5_000, refetchOnWindowFocus: true, retry: 1 },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <OutageBanner />
      {children}
      <ToastViewport />
    </QueryClientProvider>
  );
}
