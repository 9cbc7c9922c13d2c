export { defineListScreen, listScreen, useListScreen, ListScreen, LIST_FAILED, type ListDetail, type ListDialog, type ListScreenDeclaration, type ListScreenProps, type ListAnswer, type ListScreenFields, type ListSource, type ListProcedures } from './list-screen';
export { fieldKit, moreFiltersSet, ListFilterField, type ChoiceOption, type ChoiceValue, type FieldKit, type ListFieldDeclaration } from './fields';
export { selectionColumn, type ListSelection } from './selection';
