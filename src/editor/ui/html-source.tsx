interface HtmlSourceProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  labelledBy: string;
}

/** The HTML switch's text area: the formatted source of the content, edited as text. */
export function HtmlSource({ id, value, onChange, labelledBy }: HtmlSourceProps) {
  return (
    <textarea
      id={id}
      className="rte-source"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-labelledby={labelledBy}
      spellCheck={false}
      rows={18}
    />
  );
}
