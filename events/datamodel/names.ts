/** Names a data model's fields may take (shared by definitions and view columns without importing each other). */

/** Keys every record already has (the id and the bookkeeping columns): no field may take them. */
export const reservedFieldNames = ["id", "version", "createTime", "createBy", "updateTime", "updateBy"];
