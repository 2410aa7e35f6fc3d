// The ai-detector tool page answers a report, not a task: its workspace lives with the AI pages.
export { default } from '../../ai/detector/DetectorPage';
