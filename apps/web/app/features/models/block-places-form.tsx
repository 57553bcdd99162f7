import { placeLabel, searchPlaces } from "@camatlas/shared";
import { Form } from "react-router";
import { type ComboOption, MultiCombobox } from "../../components/ui/multi-combobox.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";

const searchOptions = (query: string): ComboOption[] =>
  searchPlaces(query, 40).map((place) => ({
    value: place.code,
    label: placeLabel(place),
    hint: place.type === "country" ? "Country" : "State or region",
  }));

/**
 * Blocks countries and states/regions picked by name (the API keeps their ISO codes). Posts intent
 * "block-places" with each pick as `place`; without JavaScript the typed name arrives as `place_text`.
 */
export function BlockPlacesForm({
  hidden,
  error,
  resetKey,
}: {
  hidden: React.ReactNode;
  error: string | undefined;
  /** Changes after a successful block: the picks start empty again. */
  resetKey?: string | undefined;
}) {
  return (
    <Form method="post" className="space-y-3" data-testid="block-places-form">
      {hidden}
      <MultiCombobox
        key={resetKey ?? "picks"}
        label="Countries and regions"
        name="place"
        fallbackName="place_text"
        search={searchOptions}
        placeholder="Type a country, state or region"
        hint="Type a few letters of the name and pick from the list; you can pick several."
        error={error}
      />
      <SubmitButton intent="block-places" busyLabel="Blocking…" size="md">
        Block these places
      </SubmitButton>
    </Form>
  );
}
