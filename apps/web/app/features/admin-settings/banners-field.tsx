import { BANNER_PLACEMENTS, type Banner } from "@camatlas/shared/schemas/settings";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ImageField } from "./image-field.tsx";

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
      {rows.length === 0 && <p className="text-sm text-ink-muted">No banners.</p>}
      {rows.map(({ key, banner }, i) => (
        <fieldset key={key} className="space-y-3 rounded-lg border border-line-soft p-4">
          <legend className="px-1 text-sm font-medium text-ink-soft">Banner {i + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Id" name={`banners.${i}.id`} defaultValue={banner.id} size="sm" />
            <SelectField
              label="Placement"
              name={`banners.${i}.placement`}
              defaultValue={banner.placement}
              size="sm"
              options={BANNER_PLACEMENTS.map((placement) => ({
                value: placement,
                label: placement.replace("_", " "),
              }))}
            />
            <TextField
              label="Link"
              name={`banners.${i}.url`}
              type="url"
              defaultValue={banner.url}
              size="sm"
            />
            <TextField label="Alt text" name={`banners.${i}.alt`} defaultValue={banner.alt} size="sm" />
          </div>
          <ImageField name={`banners.${i}.image`} label="Banner image" defaultValue={banner.image || null} />
          <Button
            type="button"
            onClick={() => setRows(rows.filter((row) => row.key !== key))}
            variant="danger"
            size="xs"
          >
            Remove banner {i + 1}
          </Button>
        </fieldset>
      ))}
      <Button type="button" onClick={add} variant="secondary" size="sm">
        Add banner
      </Button>
    </div>
  );
}
