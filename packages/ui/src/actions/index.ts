export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { isRefusal } from './refusal';
export { DialogActions, DialogForm, PanelDialog, type DialogActionsProps, type DialogFormProps, type PanelDialogProps } from './panel-dialog';
export { WorkflowActions, type WorkflowActionsProps } from './workflow-actions';
