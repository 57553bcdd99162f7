import { Link } from "react-router";
import type { Column } from "../../components/ui/data-table.tsx";

/** The column of an admin list that links each row to its edit page. */
export function editColumn<Row>(href: (row: Row) => string): Column<Row> {
  return {
    header: "Actions",
    hideHeader: true,
    align: "right",
    cell: (row) => (
      <Link to={href(row)} className="font-semibold text-accent hover:underline">
        Edit
      </Link>
    ),
  };
}
