import { SegmentedControl } from '@/ui/segmented-control.tsx';

export interface ChoiceButtonsProps {
  readonly label: string;
  readonly options: readonly string[];
  readonly value: string;
  onChange: (value: string) => void;
}

/** SwitchField and ConnectionSwitch: one of a few values, as a row of radio buttons. */
export function ChoiceButtons({ label, options, value, onChange }: ChoiceButtonsProps) {
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium">{label}</span>
      <SegmentedControl label={label} options={options} value={value} onChange={onChange} />
    </div>
  );
}
