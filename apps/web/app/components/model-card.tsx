import type { ModelCard as ModelCardData } from "@camatlas/shared/schemas/model-card";
import { Link } from "react-router";

export function ModelCard({ model }: { model: ModelCardData }) {
  return (
    <li className="overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm">
      <Link to={`/models/${model.slug}`} className="block">
        {model.avatar_path ? (
          <img
            src={model.avatar_path}
            alt=""
            width={300}
            height={300}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
        ) : (
          <div className="aspect-square w-full bg-neutral-200" />
        )}
        <div className="p-3">
          <p className="font-semibold">{model.name}</p>
          <p className="text-xs text-neutral-600">
            {model.nicknames.length} {model.nicknames.length === 1 ? "camsite" : "camsites"}
            {model.age !== null ? ` · ${model.age}` : ""}
          </p>
        </div>
      </Link>
    </li>
  );
}
