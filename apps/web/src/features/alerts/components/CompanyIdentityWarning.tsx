import { Alert, Anchor, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCan } from "../../../lib/can";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";

/** The company's legal mentions still missing, and what they block until completed. */
export function CompanyIdentityWarning() {
  const { can } = useCan();
  const { data: blocks } = useBlockActionData();
  if (!blocks || blocks.blockedActions.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Identité de la société incomplète">
      <Text size="sm">
        Il manque : {blocks.missingFields.map((f) => f.label).join(", ")}. Tant que ces mentions obligatoires manquent,{" "}
        {blocks.blockedActions.map((a) => a.label.toLowerCase()).join(", ")} sont bloqués.
      </Text>
      {can("SETTING", "update") && (
        <Anchor component={Link} to="/app/setting/general" size="sm">
          Compléter dans Paramètres › Société
        </Anchor>
      )}
    </Alert>
  );
}
