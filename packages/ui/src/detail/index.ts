export { DetailGroups, EMPTY_VALUE, type DetailField, type DetailGroup, type DetailGroupsProps } from './detail-groups';
export { DetailPage, type DetailPageProps } from './detail-page';
export { DrawerLoading, EntityDrawer, SideDrawer, type EntityDrawerProps, type SideDrawerProps } from './side-drawer';
export { HistoryTimeline, type HistoryEntry, type HistoryTimelineProps } from './history-timeline';
export { actionLogEntries, actionLogTitle, type ActionLogLabels } from './action-log';
