import { PredictionDetail } from "@/components/predictions/prediction-detail";
import { can } from "@/lib/schemas/roles";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata = { title: "Product shot" };

export default async function PredictionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/predictions/${encodeURIComponent(id)}`);
  return <PredictionDetail id={id} canReview={can(user.role, "review")} canCreate={can(user.role, "create")} />;
}
