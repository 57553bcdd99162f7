import { BANNER_PLACEMENTS, type Banner } from "@camatlas/shared/schemas/settings";
import { useState } from "react";
import { ImageField } from "./image-field.tsx";

const inputClass =
  "block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500";

/** The banners list: rows of id, image, link, alt text and placement; rows can be added and removed. */
export function BannersField({ banners }: { banners: Banner[] }) {
  const [rows, setRows] = useState(() => banners.map((banner, i) => ({ key: i, banner })));
  const [nextKey, setNextKey] = useState(banners.length);
  const add = () => {
    setRows([
      ...rows,
      { key: nextKey, banner: { id: "", image: "", url: "", alt: "", placement: "home_top" } },
    ]);
    setNextKey(nextKey + 1);
  };
  return (
    <div className="space-y-4">
      {rows.length === 0 && <p className="text-sm text-neutral-600">No banners.</p>}
      {rows.map(({ key, banner }, i) => (
        <fieldset key={key} className="space-y-3 rounded-lg border border-neutral-200 p-4">
          <legend className="px-1 text-sm font-medium text-neutral-700">Banner {i + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm">
              <span className="mb-1 block font-medium text-neutral-800">Id</span>
              <input name={`banners.${i}.id`} defaultValue={banner.id} className={inputClass} />
            </label>
            <label className="text-sm">
              <span className="mb-1 block font-medium text-neutral-800">Placement</span>
              <select name={`banners.${i}.placement`} defaultValue={banner.placement} className={inputClass}>
                {BANNER_PLACEMENTS.map((placement) => (
                  <option key={placement} value={placement}>
                    {placement.replace("_", " ")}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              <span className="mb-1 block font-medium text-neutral-800">Link</span>
              <input name={`banners.${i}.url`} type="url" defaultValue={banner.url} className={inputClass} />
            </label>
            <label className="text-sm">
              <span className="mb-1 block font-medium text-neutral-800">Alt text</span>
              <input name={`banners.${i}.alt`} defaultValue={banner.alt} className={inputClass} />
            </label>
          </div>
          <ImageField name={`banners.${i}.image`} label="Banner image" defaultValue={banner.image || null} />
          <button
            type="button"
            onClick={() => setRows(rows.filter((row) => row.key !== key))}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Remove banner {i + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={add}
        className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100"
      >
        Add banner
      </button>
    </div>
  );
}
