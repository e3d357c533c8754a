import { PredictionDetail } from "@/components/predictions/prediction-detail";

export const metadata = { title: "Product shot" };

export default async function PredictionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PredictionDetail id={id} />;
}
