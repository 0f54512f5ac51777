/** How far an upload has got, as a bar with its percentage (not only a spinner). */
export function UploadProgress({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <div className="grid gap-1" role="status">
      <div className="flex justify-between text-sm">
        <span>Uploading...</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <progress
        value={value}
        max={100}
        aria-label="Upload progress"
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
      />
    </div>
  );
}
