import type { ModelCard as ModelCardData } from "@camatlas/shared/schemas/model-card";
import { ModelCard, modelCardView } from "../../components/model-card.tsx";

/** A model page's "Girls like her" tab: the similar models' cards (its own chunk, loaded with the tab). */
export function SimilarModels({ models }: { models: readonly ModelCardData[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {models.map((similar) => (
        <ModelCard key={similar.id} model={modelCardView(similar)} />
      ))}
    </ul>
  );
}
